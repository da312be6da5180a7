import type { LdapRow, LdapSyncReport } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import LdapPage from './ldap-page';

const ROW: LdapRow = {
  id: '1300000000901',
  tenantId: '1300000000001',
  host: 'ad.school.test',
  port: 389,
  tls: 'starttls',
  caCert: '-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n',
  baseDn: 'DC=school,DC=test',
  bindDn: 'CN=svc,DC=school,DC=test',
  hasBindPass: true,
  authFilter: '(sAMAccountName=%s)',
  version: 3,
  bindAttrAccount: 'sAMAccountName',
  bindAttrEmployeeId: 'EmployeeId',
  bindAttrCode: 'objectGUID',
  bindAttrName: 'cn',
  status: 1,
  remark: null,
  createTime: '2026-11-25T08:00:00+08:00',
  updateTime: null,
  createUserName: 'admin',
  updateUserName: null,
};

const report = (preview: boolean): LdapSyncReport => ({
  preview,
  total: 2,
  added: 1,
  updated: 0,
  linked: 0,
  kept: 0,
  skipped: 1,
  disabled: 0,
  items: [
    { dn: 'CN=Ann,DC=school,DC=test', name: 'ann', action: 'add', reason: null },
    { dn: 'CN=Odd,DC=school,DC=test', name: 'odd!', action: 'skip', reason: 'No usable account name' },
  ],
});

let calls: { url: string; body: Record<string, unknown> }[];
const success = vi.fn();
beforeEach(() => {
  calls = [];
  setNotifier({ error: vi.fn(), success });
  const record = (url: string) => (init?: RequestInit) => {
    const body = JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    calls.push({ url, body });
    return body;
  };
  stubApi({
    'GET /api/sysAuth/userInfo': () =>
      json(
        userInfo({ apis: ['sysLdap:page', 'sysLdap:update', 'sysLdap:syncUser', 'sysLdap:testConnection'] }),
      ),
    'POST /api/sysLdap/page': () => json({ page: 1, pageSize: 20, total: 1, totalPages: 1, items: [ROW] }),
    'POST /api/sysLdap/syncUser': (init) => json(report(!!record('syncUser')(init).preview)),
    'POST /api/sysLdap/testConnection': () => json({ people: 120, units: 8 }),
    'POST /api/sysLdap/update': (init) => {
      record('update')(init);
      return json(null);
    },
  });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('directory setting page', () => {
  it('previews a synchronisation, then applies it and shows what was done', async () => {
    await renderPage(<LdapPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Synchronise people' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText(/Preview: nothing has changed yet/)).toBeTruthy();
    expect(within(dialog).getByText('No usable account name')).toBeTruthy();
    expect(within(dialog).getByTestId('ldap-count-added').textContent).toBe('1');
    expect(calls).toEqual([{ url: 'syncUser', body: { id: ROW.id, preview: true } }]);

    fireEvent.click(within(dialog).getByRole('button', { name: 'Apply' }));
    expect(await within(dialog).findByText('Done: these changes were made.')).toBeTruthy();
    expect(calls.at(-1)).toEqual({ url: 'syncUser', body: { id: ROW.id, preview: false } });
  });

  it('tests the connection and keeps the saved bind password when the field is left empty', async () => {
    await renderPage(<LdapPage />);
    fireEvent.click(await screen.findByRole('button', { name: 'Test connection' }));
    await waitFor(() =>
      expect(success).toHaveBeenCalledWith('Connected. People found: 120; units found: 8.'),
    );

    fireEvent.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText('Leave empty to keep the saved password.')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: /OK|Save/ }));
    await waitFor(() => expect(calls.some((c) => c.url === 'update')).toBe(true));
    const update = calls.find((c) => c.url === 'update')!.body;
    expect(update).toMatchObject({
      id: ROW.id,
      host: 'ad.school.test',
      tls: 'starttls',
      caCert: ROW.caCert,
      bindPass: '',
    });
  });
});
