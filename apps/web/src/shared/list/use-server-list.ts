import type { PageResult } from '@lintel/contracts';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TableProps } from 'antd';
import { useState } from 'react';
import { DEFAULT_PAGE_SIZE } from './grid';

/** Paging and sorting as every `page` endpoint takes them (ARCHITECTURE section 4). */
export interface PageQuery {
  page: number;
  pageSize: number;
  field?: string;
  order?: string;
  descStr?: string;
}

interface Options<Row, Filter> {
  /** The list's query key root (`['bizBook']`): a refresh invalidates every page under it. */
  key: readonly unknown[];
  fetch(query: Filter & PageQuery): Promise<PageResult<Row>>;
  /** Off until the caller may read the list (a permission), like useQuery's `enabled`. */
  enabled?: boolean;
}

/**
 * The state of one server-paged list, kept one way for every list page: the filter, page and sort
 * sent to the server, the rows and total it answered, and what moves them: the search form
 * (`search`), the table's paging and sorting (`onTableChange`), reload and refresh after a change.
 * The export sends `query` as it is, so "this page" is the page shown.
 */
export function useServerList<Row extends object, Filter extends object>(options: Options<Row, Filter>) {
  const queryClient = useQueryClient();
  const [query, setQuery] = useState<Filter & PageQuery>(
    () => ({ page: 1, pageSize: DEFAULT_PAGE_SIZE }) as Filter & PageQuery,
  );
  const result = useQuery({
    queryKey: [...options.key, 'page', query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const total = result.data?.total ?? 0;

  /** A new filter from the search form (undefined: reset) starts again at page 1. */
  const search = (filter: Partial<Filter> | undefined) =>
    setQuery((q) => ({ ...(filter ?? {}), page: 1, pageSize: q.pageSize }) as Filter & PageQuery);

  const onTableChange: TableProps<Row>['onChange'] = (pagination, _filters, sorter) => {
    const one = Array.isArray(sorter) ? sorter[0] : sorter;
    setQuery((q) => ({
      ...q,
      page: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? DEFAULT_PAGE_SIZE,
      field: one?.order ? String(one.field) : undefined,
      order: one?.order ?? undefined,
      descStr: 'descend',
    }));
  };

  return {
    query,
    rows: result.data?.items ?? [],
    total,
    loading: result.isFetching,
    error: result.error,
    search,
    onTableChange,
    paging: { current: query.page, pageSize: query.pageSize, total },
    reload: () => void result.refetch(),
    /** After a change: every cached page of this list is stale. */
    refresh: () => queryClient.invalidateQueries({ queryKey: options.key }),
  };
}

export type ServerList<Row extends object, Filter extends object> = ReturnType<
  typeof useServerList<Row, Filter>
>;
