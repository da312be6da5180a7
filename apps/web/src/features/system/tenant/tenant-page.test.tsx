import type { TenantRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi, type Routes } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import TenantPage from './tenant-page';

const tenant = (over: Partial<TenantRow>): TenantRow => ({
  id: '1300000009001',
  name: 'North site',
  userId: '1300000009101',
  adminAccount: 'boss',
  orgId: '1300000009201',
  phone: '13900001111',
  email: null,
  host: 'north.example.test',
  tenantType: 0,
  dbType: 'PostgreSQL',
  enableReg: false,
  logo: null,
  title: 'North',
  viceTitle: null,
  viceDesc: null,
  watermark: null,
  copyright: null,
  icp: null,
  icpUrl: null,
  orderNo: 100,
  status: 1,
  remark: null,
  createTime: '2026-11-22T10:00:00+08:00',
  updateTime: null,
  ...over,
});
const rows = [tenant({ id: '1300000000001', name: 'Default', adminAccount: 'admin' }), tenant({})];
const page = pageOf(rows);
const ALL = ['page', 'add', 'update', 'delete', 'setStatus', 'grantMenu', 'resetPwd', 'userList'].map(
  (a) => `sysTenant:${a}`,
);

async function open(apis: string[], routes: Routes = {}) {
  const spy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis, isSuperAdmin: true })),
    'POST /api/sysTenant/page': () => json(page),
    ...routes,
  });
  await renderPage(<TenantPage />);
  await screen.findByText('North site');
  return spy;
}

afterEach(() => vi.unstubAllGlobals());

describe('TenantPage', () => {
  it('shows the buttons only with their permissions', async () => {
    await open(['sysTenant:page']);
    expect(screen.queryByRole('button', { name: /add/i })).toBeNull();
    expect(screen.queryByRole('switch')).toBeNull();
    expect(screen.queryByRole('button', { name: 'Edit' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'More' })).toBeNull();
  });

  it('never offers to disable or delete the default tenant', async () => {
    await open(ALL);
    // One status switch and one delete button: the second row's.
    expect(screen.getAllByRole('switch')).toHaveLength(1);
    expect(screen.getByRole('switch', { name: 'Status of North site' })).toBeTruthy();
    expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(1);
  });

  it('resets the admin password after a confirmation and shows it with a copy button', async () => {
    const spy = await open(ALL, { 'POST /api/sysTenant/resetPwd': () => json('Xy7#abcDEF12') });
    fireEvent.click(screen.getAllByRole('button', { name: 'More' })[1]!);
    fireEvent.click(await screen.findByText('Reset admin password'));
    const question = /Reset the password of boss, the administrator of North site\?/;
    expect((await screen.findAllByText(question)).length).toBeGreaterThan(0);
    const calls = () => spy.mock.calls.filter(([url]) => String(url).includes('resetPwd'));
    expect(calls()).toHaveLength(0);
    const confirm = screen.getAllByRole('button', { name: 'Reset admin password' }).at(-1)!;
    fireEvent.click(confirm);
    expect(await screen.findByText('Xy7#abcDEF12')).toBeTruthy();
    expect(calls()).toHaveLength(1);
    expect(JSON.parse(String(calls()[0]![1]!.body))).toEqual({ id: '1300000009001' });
    expect(screen.getByText('The new password of boss (North site):')).toBeTruthy();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy());
  });
});
