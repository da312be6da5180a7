import type { ConfigRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import ConfigPage from './config-page';

const row = (id: string, code: string, sysFlag: 'Y' | 'N', groupCode: string): ConfigRow => ({
  id,
  name: `Setting ${code}`,
  code,
  value: '1',
  sysFlag,
  groupCode,
  orderNo: 100,
  remark: null,
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
});
const ROWS = [row('1', 'sys_oplog', 'Y', 'Default'), row('2', 'support_mail', 'N', 'Contact')];

let pages: Record<string, unknown>[];
let added: Record<string, unknown>[];
beforeEach(() => {
  pages = [];
  added = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(userInfo({ apis: ['sysConfig:page', 'sysConfig:add', 'sysConfig:update', 'sysConfig:delete'] })),
    'GET /api/sysConfig/groupList': () => json(['Contact', 'Default']),
    'POST /api/sysConfig/page': (init) => {
      const body = JSON.parse(String(init?.body)) as { groupCode?: string };
      pages.push(body);
      const items = ROWS.filter((r) => !body.groupCode || r.groupCode === body.groupCode);
      return json({
        page: 1,
        pageSize: 20,
        total: items.length,
        totalPages: 1,
        items,
        hasPrevPage: false,
        hasNextPage: false,
      });
    },
    'POST /api/sysConfig/add': (init) => {
      added.push(JSON.parse(String(init?.body)));
      return json('3');
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('configuration page', () => {
  it('offers no delete for system items, filters by group and adds into the group shown', async () => {
    await renderPage(<ConfigPage />);
    const system = (await screen.findByText('sys_oplog')).closest('tr')!;
    const own = screen.getByText('support_mail').closest('tr')!;
    expect(within(system).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(own).getByRole('button', { name: 'Delete' })).toBeTruthy();
    expect(within(system).getByText('System')).toBeTruthy();

    fireEvent.click(screen.getByRole('tab', { name: 'Contact' }));
    await waitFor(() => expect(screen.queryByText('sys_oplog')).toBeNull());
    expect(pages.at(-1)).toMatchObject({ groupCode: 'Contact' });

    fireEvent.click(screen.getByRole('button', { name: /Add$/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Name'), { target: { value: 'Support phone' } });
    fireEvent.change(within(dialog).getByLabelText('Code'), { target: { value: 'support_phone' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ code: 'support_phone', groupCode: 'Contact', value: '' });
  });
});
