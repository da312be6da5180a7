import type { TenantRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../../test/render-page';
import { TenantFormModal, type TenantFormMode } from './tenant-form-modal';

const row: TenantRow = {
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
};

async function open(mode: TenantFormMode, onSubmit = vi.fn(async () => {})) {
  await renderPage(<TenantFormModal mode={mode} onSubmit={onSubmit} onClose={() => {}} />);
  await screen.findByRole('dialog');
  return onSubmit;
}

const input = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const type = (label: string, value: string) => fireEvent.change(input(label), { target: { value } });
const save = () => fireEvent.click(screen.getByRole('button', { name: /save/i }));

describe('TenantFormModal', () => {
  it('names each missing required field and does not submit', async () => {
    const onSubmit = await open({ kind: 'add' });
    save();
    expect(await screen.findByText('Please enter the tenant name')).toBeTruthy();
    expect(await screen.findByText('Please enter the admin account')).toBeTruthy();
    expect(await screen.findByText('Please enter the phone number')).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('checks the account, phone and host formats', async () => {
    const onSubmit = await open({ kind: 'add' });
    type('Tenant name', 'South site');
    type('Admin account', 'b o s s');
    type('Phone number', '12345');
    type('Host', 'not a host');
    save();
    expect(await screen.findByText('2 to 32 letters, digits or _ . @ -')).toBeTruthy();
    expect(await screen.findByText('Please enter a valid 11-digit mobile number')).toBeTruthy();
    expect(await screen.findByText(/Please enter a valid host name/)).toBeTruthy();
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('offers only the shared database type and says why', async () => {
    await open({ kind: 'add' });
    expect((screen.getByRole('radio', { name: 'Shared database' }) as HTMLInputElement).checked).toBe(true);
    expect((screen.getByRole('radio', { name: 'Own database' }) as HTMLInputElement).disabled).toBe(true);
    expect(screen.getByText(/A database of its own is not available yet/)).toBeTruthy();
  });

  it('submits a complete tenant', async () => {
    const onSubmit = await open({ kind: 'add' });
    type('Tenant name', 'South site');
    type('Admin account', 'boss');
    type('Phone number', '13900002222');
    save();
    await waitFor(() => expect(onSubmit).toHaveBeenCalledTimes(1));
    const [values, mode] = onSubmit.mock.calls[0] as unknown as [Record<string, unknown>, TenantFormMode];
    expect(values).toMatchObject({
      name: 'South site',
      adminAccount: 'boss',
      phone: '13900002222',
      tenantType: 0,
      status: 1,
    });
    expect(mode.kind).toBe('add');
  });

  it('opens a row for editing with its values', async () => {
    await open({ kind: 'edit', row });
    expect(input('Tenant name').value).toBe('North site');
    expect(input('Admin account').value).toBe('boss');
    expect(input('Host').value).toBe('north.example.test');
  });
});
