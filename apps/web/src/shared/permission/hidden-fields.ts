import { FIELD_CATALOG, type TableColumns } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { request } from '../api/client';

/** The query of the signed-in account's field blacklist (all tables). */
export const HIDDEN_FIELDS_KEY = ['sysRole', 'myFieldBlacklist'] as const;

/**
 * The fields of a table the signed-in account's roles hide (SPEC 6 field blacklist). The server
 * strips them from answers and refuses them in requests, so forms leave them out entirely rather
 * than send them back empty.
 */
export function useHiddenFields(table: string): ReadonlySet<string> {
  const lists = useQuery({
    queryKey: HIDDEN_FIELDS_KEY,
    queryFn: () => request<TableColumns[] | null>('/api/sysRole/userRoleTableList'),
    staleTime: 60_000,
    // Only the catalog's tables have fields a blacklist may hide (other lists need not ask).
    enabled: Object.hasOwn(FIELD_CATALOG, table),
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
