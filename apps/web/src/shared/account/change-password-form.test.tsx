import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../api/notify';
import { ChangePasswordForm } from './change-password-form';
import { renderPage } from '../../test/render-page';

// A real SM2 public key shape is not needed: encryption is replaced, its output checked.
vi.mock('../session/encrypt-password', () => ({
  encryptPassword: async (password: string, key: string) => `sm2(${key}:${password})`,
}));

const ok = (result: unknown) =>
  new Response(JSON.stringify({ code: 200, type: 'success', message: '', result }), {
    headers: { 'content-type': 'application/json' },
  });
const success = vi.fn();
let sent: unknown;

beforeEach(() => {
  sent = undefined;
  setNotifier({ error: vi.fn(), success });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = String(input).split('?')[0];
      if (path === '/api/sysTenant/sysInfo/1300000000001') return ok({ publicKey: 'PK' });
      if (path === '/api/sysUser/changePwd') {
        sent = JSON.parse(String(init?.body));
        return ok(null);
      }
      return new Response('{}', { status: 404 });
    }),
  );
});
afterEach(() => setNotifier(null));

const field = (label: string) => screen.getByLabelText(label) as HTMLInputElement;
const fill = (values: Record<string, string>) => {
  for (const [label, value] of Object.entries(values)) fireEvent.change(field(label), { target: { value } });
  fireEvent.click(screen.getByRole('button', { name: 'Change password' }));
};

describe('ChangePasswordForm', () => {
  it('asks for every field', async () => {
    await renderPage(<ChangePasswordForm tenantId="1300000000001" />);
    await screen.findByLabelText('Current password');
    fill({});
    expect(await screen.findByText('Please enter the current password.')).toBeTruthy();
    expect(screen.getByText('Please enter the new password.')).toBeTruthy();
    expect(screen.getByText('Please confirm the new password.')).toBeTruthy();
    expect(sent).toBeUndefined();
  });

  it.each(['Ab1!', 'abcdefg1!', 'ABCDEFG1!', 'Abcdefgh!', 'Abcdefgh1', 'Abcdefgh1!Abcdefgh1!'])(
    'refuses %s under the policy',
    async (weak) => {
      await renderPage(<ChangePasswordForm tenantId="1300000000001" />);
      await screen.findByLabelText('Current password');
      fill({ 'Current password': 'Old#Pass1', 'New password': weak, 'Confirm password': weak });
      expect(await screen.findByText(/6 to 16 characters/)).toBeTruthy();
      expect(sent).toBeUndefined();
    },
  );

  it('says when the two passwords do not match', async () => {
    await renderPage(<ChangePasswordForm tenantId="1300000000001" />);
    await screen.findByLabelText('Current password');
    fill({ 'Current password': 'Old#Pass1', 'New password': 'New#Pass22', 'Confirm password': 'New#Pass23' });
    expect(await screen.findByText('The two passwords do not match.')).toBeTruthy();
    expect(sent).toBeUndefined();
  });

  it('sends both passwords encrypted, then signs out with "log in again"', async () => {
    const router = await renderPage(<ChangePasswordForm tenantId="1300000000001" />);
    await screen.findByLabelText('Current password');
    fill({ 'Current password': 'Old#Pass1', 'New password': 'New#Pass22', 'Confirm password': 'New#Pass22' });
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    expect(sent).toEqual({ passwordOld: 'sm2(PK:Old#Pass1)', passwordNew: 'sm2(PK:New#Pass22)' });
    expect(success).toHaveBeenCalledWith('Password changed, please log in again.');
  });
});
