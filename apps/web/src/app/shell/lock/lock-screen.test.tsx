import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../locales/i18n';
import { saveTokens } from '../../../shared/api/tokens';
import { session } from '../../../shared/storage';
import { sysInfo, userInfo } from '../../../test/fixtures';
import { fakeJwt, nowSeconds } from '../../../test/jwt';
import { json, stubApi } from '../../../test/render-app';
import { createQueryClient } from '../../providers';
import { useThemeConfig } from '../../settings/theme-config';
import { LockButton, LockScreen } from './lock-screen';
import { LOCKED_KEY, useLockStore } from './lock-store';

const RIGHT = 'Lintel@2026';

function api() {
  return stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
    'POST /api/sysAuth/unLockScreen': () => json('解锁密码错误', 400),
  });
}

function renderLock() {
  render(
    <QueryClientProvider client={createQueryClient()}>
      <LockButton />
      <LockScreen user={userInfo()} />
    </QueryClientProvider>,
  );
}

beforeAll(() => initI18n('zh-CN'));
beforeEach(() => {
  sessionStorage.clear();
  useLockStore.setState({ locked: false });
  useThemeConfig.getState().reset();
  saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('lock screen', () => {
  it('locks now from the header, survives a reload, and unlocks only with the right password', async () => {
    const spy = api();
    renderLock();
    expect(screen.queryByTestId('lock-screen')).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: '锁定屏幕' }));
    expect(await screen.findByTestId('lock-screen')).toBeTruthy();
    expect(screen.getByText('系统管理员')).toBeTruthy();
    expect(screen.getByTestId('lock-clock').textContent).toMatch(/^\d{2}:\d{2}:\d{2}$/);
    expect(session.get(LOCKED_KEY)).toBe(true);

    // Empty password: asked for, not sent.
    await userEvent.click(screen.getByRole('button', { name: /解\s*锁/ }));
    expect((await screen.findByRole('alert')).textContent).toBe('请输入密码');
    expect(spy.mock.calls.some(([url]) => String(url).includes('unLockScreen'))).toBe(false);

    // Wrong password: the server's message, still locked.
    await userEvent.type(screen.getByLabelText('密码'), 'wrong-one');
    await userEvent.click(screen.getByRole('button', { name: /解\s*锁/ }));
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('解锁密码错误'));
    expect(useLockStore.getState().locked).toBe(true);

    // The password travels SM2-encrypted in the body, never in the address (which logs keep).
    const call = spy.mock.calls.find(([url]) => String(url).includes('unLockScreen'))!;
    expect(new URL(String(call[0]), 'http://x').search).toBe('');
    const password = (JSON.parse(String(call[1]?.body)) as { password: string }).password;
    expect(call[1]?.method).toBe('POST');
    expect(password).toMatch(/^[0-9a-f]{100,}$/);
    expect(password).not.toContain('wrong-one');

    spy.mockImplementation(async (input: RequestInfo | URL) =>
      String(input).includes('unLockScreen') ? json(true) : json(sysInfo()),
    );
    await userEvent.type(screen.getByLabelText('密码'), RIGHT);
    await userEvent.click(screen.getByRole('button', { name: /解\s*锁/ }));
    await waitFor(() => expect(screen.queryByTestId('lock-screen')).toBeNull());
    expect(session.get(LOCKED_KEY)).toBeNull();
  });

  it('starts locked when the tab was locked before the reload', async () => {
    session.set(LOCKED_KEY, true);
    vi.resetModules();
    // A fresh module: what a reloaded tab creates, reading session storage.
    const reloaded = await import('./lock-store');
    expect(reloaded.useLockStore.getState().locked).toBe(true);
    session.remove(LOCKED_KEY);
    vi.resetModules();
    expect((await import('./lock-store')).useLockStore.getState().locked).toBe(false);
  });

  it('locks after lockScreenTime seconds without activity when the option is on', async () => {
    vi.useFakeTimers();
    api();
    useThemeConfig.getState().set({ isLockScreen: true, lockScreenTime: 30 });
    renderLock();
    await act(async () => vi.advanceTimersByTime(20_000));
    window.dispatchEvent(new MouseEvent('mousemove'));
    await act(async () => vi.advanceTimersByTime(20_000)); // 20 s since the move
    expect(useLockStore.getState().locked).toBe(false);
    await act(async () => vi.advanceTimersByTime(12_000));
    expect(useLockStore.getState().locked).toBe(true);
  });

  it('never locks by itself when the option is off (the default)', async () => {
    vi.useFakeTimers();
    api();
    renderLock();
    await act(async () => vi.advanceTimersByTime(3600_000));
    expect(useLockStore.getState().locked).toBe(false);
  });
});
