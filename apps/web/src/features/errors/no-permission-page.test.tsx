import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, expect, it, vi } from 'vitest';
import { readAccessToken, saveTokens } from '../../shared/api/tokens';
import { sysInfo } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../test/render-app';

// Lazy views loaded up front: an import in flight at the end of the file fails the run.
beforeAll(preloadAppViews, 60_000);

afterEach(() => vi.unstubAllGlobals());

it('the 401 page says the user is not authorised and re-authorises by signing in again', async () => {
  stubApi({ 'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()) });
  saveTokens('A1', 'R1');
  const router = await renderApp('/401');
  expect(await screen.findByText('您未被授权执行此操作。')).toBeTruthy();
  await userEvent.click(screen.getByText('重新授权').closest('button')!);
  await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
  expect(readAccessToken()).toBeNull();
});
