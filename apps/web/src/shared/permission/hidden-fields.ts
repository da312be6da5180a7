import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { request } from '../api/client';

interface TableColumns {
  tableName: string;
  columns: string[];
}

/**
 * The fields of a table the signed-in account's roles hide (SPEC 6 field blacklist). The server
 * strips them from answers and refuses them in requests, so forms leave them out entirely rather
 * than send them back empty.
 */
export function useHiddenFields(table: string): ReadonlySet<string> {
  const lists = useQuery({
    queryKey: ['sysRole', 'myFieldBlacklist'],
    queryFn: () => request<TableColumns[] | null>('/api/sysRole/userRoleTableList'),
    staleTime: 60_000,
  });
  return useMemo(
    () => new Set((lists.data ?? []).filter((l) => l.tableName === table).flatMap((l) => l.columns)),
    [lists.data, table],
  );
}

/** The values without the hidden fields. */
export function withoutHidden<T extends object>(values: T, hidden: ReadonlySet<string>): T {
  return Object.fromEntries(Object.entries(values).filter(([key]) => !hidden.has(key))) as T;
}
