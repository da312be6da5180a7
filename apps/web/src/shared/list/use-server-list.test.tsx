import type { PageResult } from '@lintel/contracts';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { act, renderHook, waitFor } from '@testing-library/react';
import type { SorterResult } from 'antd/es/table/interface';
import type { ReactNode } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PAGE_SIZE } from './grid';
import { useServerList, type PageQuery } from './use-server-list';

interface Row {
  id: string;
}
interface Filter {
  name?: string;
  orgId?: string;
  id?: string;
}

/** What antd passes as the fourth argument of a table change. */
const EXTRA = { action: 'paginate' as const, currentDataSource: [] };

const answer = (total = 95): PageResult<Row> =>
  ({ items: [{ id: '1' }], total, page: 1, pageSize: DEFAULT_PAGE_SIZE }) as unknown as PageResult<Row>;

function setup(options: Partial<Parameters<typeof useServerList<Row, Filter>>[0]> = {}) {
  const client = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const fetch = vi.fn((_query: Filter & PageQuery) => Promise.resolve(answer()));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <QueryClientProvider client={client}>{children}</QueryClientProvider>
  );
  const hook = renderHook(() => useServerList<Row, Filter>({ key: ['things'], fetch, ...options }), {
    wrapper,
  });
  return { client, fetch, hook, last: () => fetch.mock.calls.at(-1)![0] };
}

const sorted = (field: string, order: 'ascend' | 'descend' | undefined) =>
  ({ field, order, columnKey: field }) as SorterResult<Row>;

describe('useServerList', () => {
  it('asks for page 1 at the default size and answers rows, total and paging', async () => {
    const { hook, last } = setup();
    await waitFor(() => expect(hook.result.current.rows).toEqual([{ id: '1' }]));
    expect(last()).toEqual({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
    expect(hook.result.current.total).toBe(95);
    expect(hook.result.current.paging).toEqual({ current: 1, pageSize: DEFAULT_PAGE_SIZE, total: 95 });
  });

  it('sets page, size and sort from a table change', async () => {
    const { hook, last } = setup();
    act(() =>
      hook.result.current.onTableChange({ current: 3, pageSize: 50 }, {}, sorted('name', 'ascend'), EXTRA),
    );
    await waitFor(() =>
      expect(last()).toEqual({ page: 3, pageSize: 50, field: 'name', order: 'ascend', descStr: 'descend' }),
    );
    expect(hook.result.current.paging).toMatchObject({ current: 3, pageSize: 50 });
    // The sort cleared: no field, no order.
    act(() =>
      hook.result.current.onTableChange({ current: 3, pageSize: 50 }, {}, sorted('name', undefined), EXTRA),
    );
    await waitFor(() => expect(last()).toEqual({ page: 3, pageSize: 50, descStr: 'descend' }));
  });

  it('moves only the page and its size when no column sorts', async () => {
    const { hook, last } = setup({ sortable: false });
    act(() => hook.result.current.onTableChange({ current: 2, pageSize: 20 }, {}, {}, EXTRA));
    await waitFor(() => expect(last()).toEqual({ page: 2, pageSize: 20 }));
  });

  it('goes back to page 1 on a new page size when asked to', async () => {
    const { hook, last } = setup({ sortable: false, firstPageOnResize: true });
    act(() => hook.result.current.onTableChange({ current: 4, pageSize: 20 }, {}, {}, EXTRA));
    await waitFor(() => expect(last()).toEqual({ page: 4, pageSize: 20 }));
    act(() => hook.result.current.onTableChange({ current: 4, pageSize: 50 }, {}, {}, EXTRA));
    await waitFor(() => expect(last()).toEqual({ page: 1, pageSize: 50 }));
  });

  it('starts a search at page 1, keeps the page size, drops the old filter and the sort', async () => {
    const { hook, last } = setup();
    act(() =>
      hook.result.current.onTableChange({ current: 3, pageSize: 50 }, {}, sorted('name', 'descend'), EXTRA),
    );
    act(() => hook.result.current.search({ name: 'a' }));
    await waitFor(() => expect(last()).toEqual({ name: 'a', page: 1, pageSize: 50 }));
    act(() => hook.result.current.search(undefined));
    await waitFor(() => expect(last()).toEqual({ page: 1, pageSize: 50 }));
    expect(hook.result.current.query).toEqual({ page: 1, pageSize: 50 });
  });

  it('keeps the fields named in keep through a search; patch sets one from page 1', async () => {
    const { hook, last } = setup({ keep: ['orgId'] });
    act(() => hook.result.current.onTableChange({ current: 2, pageSize: 20 }, {}, {}, EXTRA));
    act(() => hook.result.current.patch({ orgId: '7' }));
    await waitFor(() => expect(last()).toEqual({ orgId: '7', page: 1, pageSize: 20, descStr: 'descend' }));
    act(() => hook.result.current.search({ name: 'b' }));
    await waitFor(() => expect(last()).toEqual({ orgId: '7', name: 'b', page: 1, pageSize: 20 }));
  });

  it('sends the fixed fields with every request and reset goes back to the start', async () => {
    const { hook, last } = setup({ fixed: { id: '42' }, initial: { pageSize: 10 } });
    await waitFor(() => expect(last()).toEqual({ id: '42', page: 1, pageSize: 10 }));
    act(() => hook.result.current.search({ name: 'c' }));
    await waitFor(() => expect(last()).toEqual({ id: '42', name: 'c', page: 1, pageSize: 10 }));
    act(() => hook.result.current.reset());
    await waitFor(() => expect(hook.result.current.query).toEqual({ id: '42', page: 1, pageSize: 10 }));
  });

  it('caches each page under the key (or the given shape) and refresh invalidates them all', async () => {
    const { client, hook, fetch } = setup();
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(1));
    expect(client.getQueryData(['things', 'page', { page: 1, pageSize: DEFAULT_PAGE_SIZE }])).toBeTruthy();
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    await act(() => hook.result.current.refresh());
    expect(invalidate).toHaveBeenCalledWith({ queryKey: ['things'] });
    await waitFor(() => expect(fetch).toHaveBeenCalledTimes(2));

    const own = setup({ queryKey: (q) => ['things', 'users', q] });
    await waitFor(() => expect(own.fetch).toHaveBeenCalledTimes(1));
    expect(
      own.client.getQueryData(['things', 'users', { page: 1, pageSize: DEFAULT_PAGE_SIZE }]),
    ).toBeTruthy();
  });

  it('asks nothing while not enabled', async () => {
    const { fetch, hook } = setup({ enabled: false });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(fetch).not.toHaveBeenCalled();
    expect(hook.result.current.rows).toEqual([]);
  });
});
