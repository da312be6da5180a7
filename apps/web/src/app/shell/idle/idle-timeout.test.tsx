import { QueryClientProvider } from '@tanstack/react-query';
import { act, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { initI18n } from '../../../locales/i18n';
import { readAccessToken, saveTokens } from '../../../shared/api/tokens';
import { local, TENANT_ID_KEY } from '../../../shared/storage';
import { sysInfo } from '../../../test/fixtures';
import { fakeJwt, nowSeconds } from '../../../test/jwt';
import { json, stubApi } from '../../../test/render-app';
import { sessionKeys } from '../../../shared/session/session-api';
import { createQueryClient } from '../../providers';
import { IdleTimeout } from './idle-timeout';
import { registerRealtime } from './realtime';
import { useSessionEnded } from './session-ended';

const TENANT = '1300000000001';

beforeAll(() => initI18n('zh-CN'));
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  useSessionEnded.setState({ ended: false });
});

function setup(idleTimeout: number) {
  stubApi({ [`GET /api/sysTenant/sysInfo/${TENANT}`]: () => json(sysInfo({ idleTimeout })) });
  saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');
  local.set(TENANT_ID_KEY, TENANT);
  local.set('themeConfig', { layout: 'classic' });
  // The shell has the tenant's settings cached by the time it shows.
  const client = createQueryClient();
  client.setQueryData(sessionKeys.sysInfo(TENANT), sysInfo({ idleTimeout }));
  render(
    <QueryClientProvider client={client}>
      <IdleTimeout tenantId={TENANT} />
    </QueryClientProvider>,
  );
}

describe('idle timeout (SPEC 4)', () => {
  it("signs out after the tenant's timeout: pages removed, realtime stopped, storage cleared, warning, reload", async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    const reload = vi.fn();
    vi.stubGlobal('location', { ...window.location, reload });
    const stopRealtime = vi.fn();
    registerRealtime(stopRealtime);
    const root = document.body.appendChild(Object.assign(document.createElement('div'), { id: 'root' }));
    setup(5);
    await act(async () => vi.advanceTimersByTime(4000));
    expect(useSessionEnded.getState().ended).toBe(false);
    await act(async () => vi.advanceTimersByTime(2000)); // the check at 6 s

    expect(useSessionEnded.getState().ended).toBe(true);
    expect(root.hidden).toBe(true);
    expect(stopRealtime).toHaveBeenCalled();
    expect(readAccessToken()).toBeNull();
    expect(local.get('themeConfig')).toBeNull();
    expect(local.get(TENANT_ID_KEY)).toBe(TENANT);
    expect(await screen.findByText('您长时间未使用系统，已自动退出登录，请重新登录。')).toBeTruthy();
    expect(reload).not.toHaveBeenCalled();
    act(() => screen.getByRole('button', { name: /确\s*定/ }).click());
    await act(async () => vi.advanceTimersByTime(1000));
    expect(reload).toHaveBeenCalled();
  });

  it('does nothing when the tenant sets 0', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    setup(0);
    await act(async () => vi.advanceTimersByTime(3600_000));
    expect(useSessionEnded.getState().ended).toBe(false);
    expect(readAccessToken()).not.toBeNull();
  });
});
