import type { PageResult } from '@lintel/contracts';
import { keepPreviousData, useQuery, useQueryClient, type QueryKey } from '@tanstack/react-query';
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
  /** Off until the caller may read the list (a permission, an open drawer), like useQuery's `enabled`. */
  enabled?: boolean;
  /**
   * The key of one page where the list's keys have their own shape (`tenantKeys.users`); by default
   * `[...key, 'page', query]`, the shape of every `<module>Keys.page`.
   */
  queryKey?(query: Filter & PageQuery): QueryKey;
  /** The filter and page size the list starts with (and `reset` goes back to). */
  initial?: Partial<Filter> & { pageSize?: number };
  /**
   * Query fields that come from outside the list (the tenant a drawer shows): sent with every request,
   * never touched by a search or a reset. Give them on every render.
   */
  fixed?: Partial<Filter>;
  /** Fields a search keeps (the organisation the user page picks in the tree beside its form). */
  keep?: readonly (keyof Filter)[];
  /** false: no column sorts, so a table change moves only the page and its size. Default true. */
  sortable?: boolean;
  /** A new page size goes back to page 1 rather than where the table puts it. Default false. */
  firstPageOnResize?: boolean;
}

type Query<Filter> = Filter & PageQuery;

/**
 * The state of one server-paged list, kept one way for every list page and drawer: the filter, page
 * and sort sent to the server, the rows and total it answered, and what moves them: the search form
 * (`search`), a filter set outside it (`patch`), the table's paging and sorting (`onTableChange`, or
 * `goTo` for a bare Pagination),
 * `reset`, and reload and refresh after a change. The export sends `query` as it is, so "this page"
 * is the page shown.
 */
export function useServerList<Row extends object, Filter extends object>(options: Options<Row, Filter>) {
  const queryClient = useQueryClient();
  const start = (): Query<Filter> =>
    ({
      ...options.initial,
      page: 1,
      pageSize: options.initial?.pageSize ?? DEFAULT_PAGE_SIZE,
    }) as Query<Filter>;
  const [state, setState] = useState<Query<Filter>>(start);
  const query: Query<Filter> = options.fixed ? { ...state, ...options.fixed } : state;
  const result = useQuery({
    queryKey: options.queryKey ? options.queryKey(query) : [...options.key, 'page', query],
    queryFn: () => options.fetch(query),
    placeholderData: keepPreviousData,
    enabled: options.enabled ?? true,
  });
  const total = result.data?.total ?? 0;

  /** A new filter from the search form (undefined: reset) starts again at page 1 with the same size. */
  const search = (filter: Partial<Filter> | undefined) =>
    setState((q) => {
      const kept = Object.fromEntries((options.keep ?? []).map((name) => [name, q[name]]));
      return { ...kept, ...(filter ?? {}), page: 1, pageSize: q.pageSize } as Query<Filter>;
    });

  /** Part of the filter set outside the search form: the rest (and the sort) stays, from page 1. */
  const patch = (part: Partial<Filter>) => setState((q) => ({ ...q, ...part, page: 1 }));

  /** Back to the start: the initial filter, page 1, the initial page size. */
  const reset = () => setState(start());

  const paged = (q: Query<Filter>, page: number, pageSize: number): Query<Filter> => {
    const resized = options.firstPageOnResize && pageSize !== q.pageSize;
    return { ...q, page: resized ? 1 : page, pageSize };
  };

  /** A page (and size) picked outside a table, as antd's Pagination `onChange` gives it. */
  const goTo = (page: number, pageSize?: number) => setState((q) => paged(q, page, pageSize ?? q.pageSize));

  const onTableChange: NonNullable<TableProps<Row>['onChange']> = (pagination, _filters, sorter) =>
    setState((q) => {
      const next = paged(q, pagination.current ?? 1, pagination.pageSize ?? DEFAULT_PAGE_SIZE);
      if (options.sortable === false) return next;
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      return {
        ...next,
        field: one?.order ? String(one.field) : undefined,
        order: one?.order ?? undefined,
        descStr: 'descend',
      };
    });

  return {
    query,
    rows: result.data?.items ?? [],
    total,
    loading: result.isFetching,
    error: result.error,
    search,
    patch,
    reset,
    goTo,
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
