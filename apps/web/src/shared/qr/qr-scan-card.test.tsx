import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../test/render-page';
import { initI18n } from '../../locales/i18n';
import { saveTokens } from '../api/tokens';
import { json, stubApi } from '../../test/render-app';
import { QrScanCard } from './qr-scan-card';

const TICKET = 'AbCdEfGhIjKlMnOpQrSt_-';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('QrScanCard', () => {
  it('takes a pasted sign-in link to the confirm step, and refuses anything else', async () => {
    saveTokens('A1', 'R1');
    const spy = stubApi({
      'POST /api/sysAuth/qrScan': () =>
        json({
          status: 'scanned',
          browser: 'Firefox 128',
          os: 'Linux',
          ip: '198.51.100.4',
          tenantName: 'Lintel',
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 90_000).toISOString(),
          secondsLeft: 90,
        }),
      'POST /api/sysAuth/qrConfirm': () => json({ status: 'rejected' }),
    });
    await initI18n('en');
    render(
      <Providers queryClient={createQueryClient()}>
        <QrScanCard />
      </Providers>,
    );
    expect(screen.getByText('Scan a sign-in code')).toBeTruthy();
    const input = screen.getByLabelText('Or paste the sign-in link');
    await userEvent.type(input, 'https://example.test/login');
    await userEvent.click(screen.getByText('Continue').closest('button')!);
    expect(await screen.findByText('This is not a sign-in code.')).toBeTruthy();

    await userEvent.clear(input);
    await userEvent.type(input, `https://example.test/qr/confirm?ticket=${TICKET}{Enter}`);
    expect(await screen.findByText('Firefox 128')).toBeTruthy();
    const scan = spy.mock.calls.find(([url]) => String(url).endsWith('/qrScan'));
    expect(JSON.parse(String(scan?.[1]?.body))).toEqual({ ticket: TICKET });
    await userEvent.click(screen.getByText('Reject').closest('button')!);
    expect(await screen.findByText('The sign-in was rejected.')).toBeTruthy();
    await userEvent.click(screen.getByText('Scan another code').closest('button')!);
    expect(screen.getByLabelText('Or paste the sign-in link')).toBeTruthy();
  });

  it('reads the code with the camera through BarcodeDetector and stops the camera', async () => {
    saveTokens('A1', 'R1');
    stubApi({
      'POST /api/sysAuth/qrScan': () =>
        json({
          status: 'scanned',
          browser: 'Safari 17',
          os: 'macOS',
          ip: '198.51.100.9',
          tenantName: 'Lintel',
          createdAt: new Date().toISOString(),
          expiresAt: new Date(Date.now() + 90_000).toISOString(),
          secondsLeft: 90,
        }),
    });
    const stop = vi.fn();
    vi.stubGlobal('navigator', {
      ...navigator,
      mediaDevices: { getUserMedia: vi.fn(async () => ({ getTracks: () => [{ stop }] })) },
    });
    vi.spyOn(HTMLMediaElement.prototype, 'play').mockResolvedValue(undefined);
    // happy-dom's video takes no stream object: a plain property stands in.
    Object.defineProperty(HTMLMediaElement.prototype, 'srcObject', {
      configurable: true,
      writable: true,
      value: null,
    });
    vi.stubGlobal(
      'BarcodeDetector',
      class {
        static getSupportedFormats = async () => ['qr_code'];
        detect = async () => [{ rawValue: `https://example.test/qr/confirm?ticket=${TICKET}` }];
      },
    );
    await initI18n('en');
    render(
      <Providers queryClient={createQueryClient()}>
        <QrScanCard />
      </Providers>,
    );
    await userEvent.click(screen.getByText('Scan with the camera').closest('button')!);
    expect(await screen.findByText('Safari 17')).toBeTruthy();
    expect(stop).toHaveBeenCalled();
  });
});
