import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { readAccessToken, saveTokens } from '../../../shared/api/tokens';
import { menuTree, sysInfo, userInfo } from '../../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../../test/render-app';

// Lazy views loaded up front: an import in flight at the end of the file fails the run.
beforeAll(preloadAppViews, 60_000);

const TICKET = 'AbCdEfGhIjKlMnOpQrSt_-';
const ticket = {
  ticket: TICKET,
  pollKey: 'PpPpPpPpPpPpPpPpPpPpPp',
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
  confirmUrl: `http://localhost/qr/confirm?ticket=${TICKET}`,
  qrImage: 'data:image/svg+xml;base64,PHN2Zy8+',
};

afterEach(() => vi.unstubAllGlobals());

describe('QR sign-in: the waiting page', () => {
  it('shows the code and link, reports the scan, then signs in with the confirmed session', async () => {
    const answers = [{ status: 'scanned' }, { status: 'confirmed', accessToken: 'QA', refreshToken: 'QR' }];
    const spy = stubApi({
      'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
      'POST /api/sysAuth/qrTicket': () => json(ticket),
      'POST /api/sysAuth/qrPoll': () => json(answers.shift() ?? { status: 'expired' }),
      'GET /api/sysAuth/userInfo': () => json(userInfo()),
      'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
    });
    const router = await renderApp('/login');
    await userEvent.click(await screen.findByText('扫码登录'));
    expect(await screen.findByAltText('登录二维码')).toBeTruthy();
    expect(screen.getByTestId('qr-link').textContent).toBe(ticket.confirmUrl);
    expect(await screen.findByText(/已扫码，请在手机上确认/)).toBeTruthy();
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/home'), { timeout: 6000 });
    expect(readAccessToken()).toBe('QA');
    const polls = spy.mock.calls.filter(([url]) => String(url).endsWith('/qrPoll'));
    expect(JSON.parse(String(polls[0]?.[1]?.body))).toEqual({ ticket: TICKET, pollKey: ticket.pollKey });
  });

  it('offers a new code once the ticket is rejected', async () => {
    let tickets = 0;
    stubApi({
      'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
      'POST /api/sysAuth/qrTicket': () => (tickets++, json(ticket)),
      'POST /api/sysAuth/qrPoll': () => json({ status: 'rejected' }),
    });
    await renderApp('/login');
    await userEvent.click(await screen.findByText('扫码登录'));
    expect(await screen.findByText('登录已被拒绝')).toBeTruthy();
    await userEvent.click(screen.getByText('刷新二维码').closest('button')!);
    await waitFor(() => expect(tickets).toBe(2));
  });
});

describe('QR sign-in: the confirm page', () => {
  it('sends a signed-out visitor to sign in first, then back', async () => {
    stubApi({ 'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()) });
    const router = await renderApp(`/qr/confirm?ticket=${TICKET}`);
    await waitFor(() => expect(router.state.location.pathname).toBe('/login'));
    const search = new URLSearchParams(router.state.location.search);
    expect(search.get('redirect')).toBe('/qr/confirm');
    expect(JSON.parse(search.get('params')!)).toEqual({ ticket: TICKET });
  });

  it('shows the asking device and confirms', async () => {
    saveTokens('A1', 'R1');
    const spy = stubApi({
      'POST /api/sysAuth/qrScan': () =>
        json({
          status: 'scanned',
          browser: 'Chrome 131',
          os: 'Windows',
          ip: '203.0.113.7',
          tenantName: 'Lintel',
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 100_000).toISOString(),
          secondsLeft: 100,
        }),
      'POST /api/sysAuth/qrConfirm': () => json({ status: 'confirmed' }),
    });
    await renderApp(`/qr/confirm?ticket=${TICKET}`);
    expect(await screen.findByText('Chrome 131')).toBeTruthy();
    expect(screen.getByText('203.0.113.7')).toBeTruthy();
    await userEvent.click(screen.getByText('确认登录').closest('button')!);
    expect(await screen.findByText('已确认：另一台设备已登录。')).toBeTruthy();
    const confirm = spy.mock.calls.find(([url]) => String(url).endsWith('/qrConfirm'));
    expect(JSON.parse(String(confirm?.[1]?.body))).toEqual({ ticket: TICKET, approve: true });
  });

  it('shows the server’s reason when the ticket is gone', async () => {
    saveTokens('A1', 'R1');
    stubApi({ 'POST /api/sysAuth/qrScan': () => json('该登录二维码无效或已过期', 404) });
    await renderApp(`/qr/confirm?ticket=${TICKET}`);
    expect(await screen.findByText('该登录二维码无效或已过期')).toBeTruthy();
  });
});
