import type { PosRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import PosPage from './pos-page';

const position = (n: number): PosRow => ({
  id: String(1300000000300 + n),
  name: `Position ${n}`,
  code: `p${n}`,
  orderNo: n,
  status: 1,
  remark: null,
  staffCount: 0,
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
});
const ALL = Array.from({ length: 25 }, (_, i) => position(i + 1));

const { createObjectURL, revokeObjectURL } = URL;
let exported: Record<string, unknown>[];
beforeEach(() => {
  exported = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  URL.createObjectURL = vi.fn(() => 'blob:positions');
  URL.revokeObjectURL = vi.fn();
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysPos:list', 'sysPos:export'] })),
    'GET /api/sysPos/list': () => json(ALL),
    'POST /api/sysPos/export': (init) => {
      exported.push(JSON.parse(String(init?.body)));
      return new Response('x', {
        headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="p.csv"' },
      });
    },
  });
});
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('positions page list tools', () => {
  it('pages the list in the browser and exports the page shown with the filter', async () => {
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    await renderPage(<PosPage />);
    expect(await screen.findByText('Position 1')).toBeTruthy();
    expect(screen.queryByText('Position 21')).toBeNull();
    fireEvent.click(screen.getByTitle('2'));
    expect(await screen.findByText('Position 21')).toBeTruthy();
    expect(screen.queryByText('Position 1')).toBeNull();

    fireEvent.change(screen.getByLabelText('Position code'), { target: { value: 'p2' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    // A new search starts again on the first page.
    expect(await screen.findByText('Position 1')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click((await screen.findAllByRole('menuitem', { name: 'CSV (.csv)' }))[0]!);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exported).toEqual([
      expect.objectContaining({ Code: 'p2', page: 1, pageSize: 20, format: 'csv', range: 'page' }),
    ]);
    expect((exported[0]!.columns as { key: string }[]).map((c) => c.key)).toEqual([
      'name',
      'code',
      'staffCount',
      'orderNo',
      'status',
      'remark',
    ]);
  });
});
