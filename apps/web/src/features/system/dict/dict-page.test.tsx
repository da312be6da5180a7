import type { DictDataRow, DictTypeRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import DictPage from './dict-page';

const type: DictTypeRow = {
  id: '1300000000501',
  name: 'Order state',
  code: 'order_state',
  orderNo: 100,
  remark: null,
  status: 1,
  sysFlag: 'N',
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
  createUserId: null,
  createUserName: null,
  updateUserId: null,
  updateUserName: null,
};
const item: DictDataRow = {
  id: '1300000000601',
  dictTypeId: type.id,
  typeCode: type.code,
  value: '1',
  label: 'Paid',
  tagType: 'success',
  styleSetting: null,
  classSetting: null,
  code: 'paid',
  name: null,
  desc: null,
  orderNo: 100,
  status: 1,
  extData: null,
  remark: null,
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
  createUserId: null,
  createUserName: null,
  updateUserId: null,
  updateUserName: null,
};
const page = <T,>(items: T[]) => ({
  page: 1,
  pageSize: 20,
  total: items.length,
  totalPages: 1,
  items,
  hasPrevPage: false,
  hasNextPage: false,
});

let added: Record<string, unknown>[];
let statuses: Record<string, unknown>[];
beforeEach(() => {
  added = [];
  statuses = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(
        userInfo({
          apis: ['sysDictType:page', 'sysDictData:page', 'sysDictData:add', 'sysDictData:setStatus'],
        }),
      ),
    'POST /api/sysDictType/page': () => json(page([type])),
    'POST /api/sysDictData/page': () => json(page([item])),
    'POST /api/sysDictData/add': (init) => {
      added.push(JSON.parse(String(init?.body)));
      return json('1300000000602');
    },
    'POST /api/sysDictData/setStatus': (init) => {
      statuses.push(JSON.parse(String(init?.body)));
      return json(null);
    },
    'GET /api/sysConst/list': () =>
      json([{ name: 'Status', code: 'StatusEnum', data: [{ code: 'Enable', name: 'Enabled', value: 1 }] }]),
    'GET /api/sysConst/data/StatusEnum': () => json([{ code: 'Enable', name: 'Enabled', value: 1 }]),
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('dictionaries page', () => {
  it('shows the items of the picked type, adds one with a live tag preview, and disables one', async () => {
    await renderPage(<DictPage />);
    expect(await screen.findByText('Pick a dictionary type on the left')).toBeTruthy();
    // Without the permission, no add button for types.
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    fireEvent.click(await screen.findByText('Order state'));
    expect(await screen.findByText('Items of Order state (order_state)')).toBeTruthy();
    expect((await screen.findByText('Paid')).closest('.ant-tag')?.className).toContain('ant-tag-success');

    fireEvent.click(screen.getByRole('button', { name: /Add item/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Label'), { target: { value: 'Refunded' } });
    fireEvent.change(within(dialog).getByLabelText('Value'), { target: { value: '9' } });
    fireEvent.change(within(dialog).getByLabelText('Style'), {
      target: { value: 'color: rgb(255, 255, 255); background: url(x.png); font-weight: bold' },
    });
    const preview = within(dialog).getByTestId('dict-preview').querySelector('.ant-tag') as HTMLElement;
    await waitFor(() => expect(preview.textContent).toBe('Refunded'));
    expect(preview.style.color).toBe('rgb(255, 255, 255)');
    expect(preview.style.fontWeight).toBe('bold');
    expect(preview.style.background).toBe('');
    fireEvent.click(within(dialog).getByRole('button', { name: /Save/ }));
    await waitFor(() => expect(added).toHaveLength(1));
    expect(added[0]).toMatchObject({ dictTypeId: type.id, label: 'Refunded', value: '9', status: 1 });

    fireEvent.click(screen.getByRole('switch', { name: 'Enable Paid' }));
    await waitFor(() => expect(statuses).toEqual([{ id: item.id, status: 2 }]));
  });

  it('lists the constants and the values of the chosen type', async () => {
    await renderPage(<DictPage />);
    fireEvent.click(await screen.findByRole('tab', { name: 'Constants' }));
    expect(await screen.findByText('Values of StatusEnum')).toBeTruthy();
    expect(await screen.findByText('Enable')).toBeTruthy();
  });
});
