import type { ExLogRow, HttpLogRow, VisLogRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import ExLogPage from './ex-log-page';
import HttpLogPage from './http-log-page';
import OpLogPage from './op-log-page';
import VisLogPage from './vis-log-page';

const VIS: VisLogRow = {
  id: '701',
  account: 'staff',
  realName: 'Staff Member',
  actionName: 'login',
  loginMode: 'password',
  success: false,
  message: 'Please check your user name/e-mail or password.',
  remoteIp: '127.0.0.1',
  location: 'Local network',
  browser: 'Chrome 131',
  os: 'Windows',
  userAgent: 'Mozilla/5.0 Chrome/131',
  elapsedMs: 12,
  createTime: '2026-03-04T05:06:07Z',
};
const EX: ExLogRow = {
  id: '801',
  requestId: '1300000123456',
  account: 'admin',
  realName: null,
  method: 'GET',
  url: '/api/sysPos/list',
  statusCode: 500,
  message: 'Error: connection terminated',
  stack: 'Error: connection terminated\n    at query (db.ts:1:1)',
  remoteIp: '10.0.0.7',
  userAgent: null,
  createTime: '2026-03-04T05:06:07Z',
};
const HTTP: HttpLogRow = {
  id: '901',
  requestId: '1300000123457',
  account: 'admin',
  method: 'POST',
  url: '/api/sysPos/add',
  statusCode: 200,
  elapsedMs: 8,
  remoteIp: '10.0.0.7',
  userAgent: null,
  requestHeaders: '{"content-type":"application/json"}',
  requestBody: '{"name":"QA","password":"***"}',
  responseBody: '{"code":200}',
  createTime: '2026-03-04T05:06:07Z',
};

const bodyOf = (init: RequestInit | undefined) =>
  JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
let bodies: Record<string, unknown>[] = [];
beforeEach(() => {
  bodies = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
});

describe('VisLogPage', () => {
  it('shows sign-ins with their outcome, reason, browser, system and place, and one entry in detail', async () => {
    stubApi({
      'POST /api/sysLogVis/page': (init) => {
        bodies.push(bodyOf(init));
        return json(pageOf([VIS], 1));
      },
    });
    await renderPage(<VisLogPage />);
    const row = (await screen.findByText('Chrome 131')).closest('tr')!;
    const cells = within(row);
    for (const text of ['staff', 'Sign-in', 'Password', 'No', 'Windows', 'Local network', '127.0.0.1'])
      expect(cells.getByText(text)).toBeTruthy();
    expect(cells.getByText(VIS.message!)).toBeTruthy();
    fireEvent.click(cells.getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText('Mozilla/5.0 Chrome/131')).toBeTruthy();
    expect(bodies[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it('offers the date presets and clears only with the permission, after a confirmation', async () => {
    let cleared = 0;
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysLogVis:page', 'sysLogVis:clear'] })),
      'POST /api/sysLogVis/page': () => json(pageOf(cleared ? [] : [VIS], cleared ? 0 : 1)),
      'POST /api/sysLogVis/clear': () => {
        cleared++;
        return json(1);
      },
    });
    await renderPage(<VisLogPage />);
    await screen.findByText('Chrome 131');
    const start = document.querySelector<HTMLInputElement>('.ant-picker-range input')!;
    fireEvent.mouseDown(start);
    fireEvent.focus(start);
    fireEvent.click(start);
    expect(await screen.findByText('Last 7 days')).toBeTruthy();
    expect(screen.getByText('Last month')).toBeTruthy();
    expect(screen.getByText('Last 3 months')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /Clear/ }));
    // The confirmation's own "Clear" is the last button of that name.
    const confirm = await screen.findByText('Delete every entry of this log?');
    expect(confirm).toBeTruthy();
    fireEvent.click(screen.getAllByRole('button', { name: 'Clear' }).at(-1)!);
    await waitFor(() => expect(cleared).toBe(1));
  });

  it('has no clear button without the permission', async () => {
    stubApi({ 'POST /api/sysLogVis/page': () => json(pageOf([VIS], 1)) });
    await renderPage(<VisLogPage />);
    await screen.findByText('Chrome 131');
    expect(screen.queryByRole('button', { name: /Clear/ })).toBeNull();
  });
});

describe('ExLogPage', () => {
  it('finds an error by the reference the user reported and shows its stack', async () => {
    stubApi({
      'POST /api/sysLogEx/page': (init) => {
        bodies.push(bodyOf(init));
        return json(pageOf([EX], 1));
      },
    });
    await renderPage(<ExLogPage />);
    const row = (await screen.findByText('/api/sysPos/list')).closest('tr')!;
    fireEvent.change(screen.getByLabelText('Reference'), { target: { value: ' 1300000123456 ' } });
    fireEvent.click(screen.getByRole('button', { name: /Search/ }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 20, requestId: '1300000123456' }));
    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/at query \(db\.ts:1:1\)/)).toBeTruthy();
  });
});

describe('HttpLogPage', () => {
  it('lists calls and shows the redacted bodies in detail', async () => {
    stubApi({ 'POST /api/sysLogHttp/page': () => json(pageOf([HTTP], 1)) });
    await renderPage(<HttpLogPage />);
    const row = (await screen.findByText('/api/sysPos/add')).closest('tr')!;
    expect(within(row).getByText('8 ms')).toBeTruthy();
    fireEvent.click(within(row).getByRole('button', { name: 'Details' }));
    const drawer = await screen.findByRole('dialog');
    expect(within(drawer).getByText(/"password": "\*\*\*"/)).toBeTruthy();
  });
});

describe('OpLogPage verify', () => {
  it('checks the hash chain and shows the first broken entry', async () => {
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysLogOp:page', 'sysLogOp:verify'] })),
      'POST /api/sysLogOp/page': () => json(pageOf([], 0)),
      'POST /api/sysLogOp/verify': () =>
        json({
          intact: false,
          rows: 4,
          unchained: 0,
          brokenId: '1300000000777',
          brokenTime: '2026-03-04T05:06:07Z',
          reason: 'x',
        }),
    });
    await renderPage(<OpLogPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Verify/ }));
    expect((await screen.findByRole('status')).textContent).toContain('Broken at entry 1300000000777');
  });
});
