import type { DiffLogRow, OpLogRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import dayjs from 'dayjs';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { ModificationRecord } from '../../../shared/list/modification-record';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import DiffLogPage from './diff-log-page';
import { browserOf } from './log-api';
import OpLogPage from './op-log-page';

const CHROME =
  'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36';

const OP: OpLogRow = {
  id: '501',
  account: 'admin',
  realName: 'Tenant Admin',
  method: 'POST',
  url: '/api/sysMenu/update',
  permission: 'sysMenu:update',
  ip: '10.0.0.7',
  userAgent: CHROME,
  statusCode: 400,
  success: false,
  message: 'The route path is required.',
  elapsedMs: 37,
  createTime: '2026-03-04T05:06:07Z',
};

const DIFF: DiffLogRow = {
  id: '601',
  tableName: 'sysMenu',
  rowId: '1300000000701',
  operation: 'update',
  changes: [
    { field: 'title', before: 'Menus', after: 'Menu admin' },
    { field: 'isHide', before: false, after: true },
    { field: 'remark', before: null, after: 'renamed' },
  ],
  account: 'superAdmin',
  realName: 'Super Admin',
  createTime: '2026-03-04T05:06:07Z',
};

let bodies: Record<string, unknown>[] = [];

beforeEach(() => {
  bodies = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
});

const bodyOf = (init: RequestInit | undefined) => JSON.parse(String(init?.body)) as Record<string, unknown>;

describe('OpLogPage', () => {
  it('renders the entries of the page the server answers', async () => {
    stubApi({
      'POST /api/sysLogOp/page': (init) => {
        bodies.push(bodyOf(init));
        return json(pageOf([OP], 45));
      },
    });
    await renderPage(<OpLogPage />);
    const row = (await screen.findByText('/api/sysMenu/update')).closest('tr')!;
    const cells = within(row);
    expect(cells.getByText('admin')).toBeTruthy();
    expect(cells.getByText('Tenant Admin')).toBeTruthy();
    expect(cells.getByText('POST')).toBeTruthy();
    expect(cells.getByText('400')).toBeTruthy();
    expect(cells.getByText('No')).toBeTruthy();
    expect(cells.getByText('37 ms')).toBeTruthy();
    expect(cells.getByText('10.0.0.7')).toBeTruthy();
    expect(cells.getByText('Chrome 126')).toBeTruthy();
    expect(cells.getByText('The route path is required.')).toBeTruthy();
    expect(cells.getByText(dayjs(OP.createTime).format('YYYY-MM-DD HH:mm:ss'))).toBeTruthy();
    expect(screen.getByText('45 in total')).toBeTruthy();
    // The first request asks for page 1 of 20 with no filter.
    expect(bodies[0]).toEqual({ page: 1, pageSize: 20 });
  });

  it('sends the search filters and starts again on page 1', async () => {
    stubApi({
      'POST /api/sysLogOp/page': (init) => {
        const body = bodyOf(init);
        bodies.push(body);
        return json(pageOf([OP], 45, body.page as number));
      },
    });
    await renderPage(<OpLogPage />);
    await screen.findByText('/api/sysMenu/update');
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 2, pageSize: 20 }));

    fireEvent.change(screen.getByLabelText('Account'), { target: { value: '  admin ' } });
    fireEvent.change(screen.getByLabelText('Address'), { target: { value: 'sysMenu' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() =>
      expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 20, account: 'admin', url: 'sysMenu' }),
    );
  });
});

describe('OpLogPage list tools', () => {
  const { createObjectURL, revokeObjectURL } = URL;
  afterEach(() => {
    Object.assign(URL, { createObjectURL, revokeObjectURL });
    vi.restoreAllMocks();
    vi.unstubAllGlobals();
  });

  it('exports the page shown with the search filter and the visible columns', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:log');
    URL.revokeObjectURL = vi.fn();
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(() => undefined);
    const exported: Record<string, unknown>[] = [];
    stubApi({
      'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysLogOp:page', 'sysLogOp:export'] })),
      'POST /api/sysLogOp/page': (init) => {
        const body = bodyOf(init);
        bodies.push(body);
        return json(pageOf([OP], 45, body.page as number));
      },
      'POST /api/sysLogOp/export': (init) => {
        exported.push(bodyOf(init));
        return new Response('x', {
          headers: { 'content-type': 'text/csv', 'content-disposition': 'attachment; filename="log.csv"' },
        });
      },
    });
    await renderPage(<OpLogPage />);
    await screen.findByText('/api/sysMenu/update');
    fireEvent.change(screen.getByLabelText('Account'), { target: { value: ' admin ' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(bodies.at(-1)).toEqual({ page: 1, pageSize: 20, account: 'admin' }));
    fireEvent.click(screen.getByTitle('2'));
    await waitFor(() => expect(bodies.at(-1)).toMatchObject({ page: 2 }));

    fireEvent.click(screen.getByRole('button', { name: 'Column settings' }));
    fireEvent.click(await screen.findByRole('checkbox', { name: 'Browser' }));
    fireEvent.click(screen.getByRole('button', { name: /Export/ }));
    fireEvent.click((await screen.findAllByRole('menuitem', { name: 'CSV (.csv)' }))[0]!);
    await waitFor(() => expect(click).toHaveBeenCalledTimes(1));
    expect(exported).toEqual([
      {
        account: 'admin',
        page: 2,
        pageSize: 20,
        format: 'csv',
        range: 'page',
        columns: [
          { key: 'createTime', title: 'Time' },
          { key: 'account', title: 'Account' },
          { key: 'realName', title: 'Name' },
          { key: 'method', title: 'Method' },
          { key: 'url', title: 'Address' },
          { key: 'statusCode', title: 'Status code' },
          { key: 'success', title: 'Succeeded' },
          { key: 'elapsedMs', title: 'Elapsed' },
          { key: 'ip', title: 'IP address' },
          { key: 'message', title: 'Message' },
        ],
      },
    ]);
  });
});

describe('DiffLogPage', () => {
  it('lists the changes and expands a row into its field, before and after table', async () => {
    stubApi({
      'POST /api/sysLogDiff/page': (init) => {
        bodies.push(bodyOf(init));
        return json(pageOf([DIFF]));
      },
    });
    await renderPage(<DiffLogPage />);
    const row = (await screen.findByText('1300000000701')).closest('tr')!;
    expect(within(row).getByText('Modified')).toBeTruthy();
    expect(within(row).getByText('title, isHide, remark')).toBeTruthy();
    expect(within(row).getByText('Super Admin (superAdmin)')).toBeTruthy();

    fireEvent.click(within(row).getByRole('button', { name: /expand/i }));
    expect(await screen.findByText('Menu admin')).toBeTruthy();
    expect(screen.getByText('Menus')).toBeTruthy();
    expect(screen.getByText('false')).toBeTruthy();
    expect(screen.getByText('true')).toBeTruthy();
    expect(screen.getByText('renamed')).toBeTruthy();
  });

  it('refuses a row id that is not a number, without asking the server', async () => {
    stubApi({
      'POST /api/sysLogDiff/page': (init) => {
        bodies.push(bodyOf(init));
        return json(pageOf([]));
      },
    });
    await renderPage(<DiffLogPage />);
    await waitFor(() => expect(bodies).toHaveLength(1));
    fireEvent.change(screen.getByLabelText('Row id'), { target: { value: 'abc' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    expect(await screen.findByText('A row id is a number of up to 19 digits')).toBeTruthy();
    expect(bodies).toHaveLength(1);
  });
});

describe('ModificationRecord', () => {
  it("lists one row's changes, newest first, with who made them", async () => {
    stubApi({
      'POST /api/sysLogDiff/page': (init) => {
        bodies.push(bodyOf(init));
        return json(pageOf([DIFF, { ...DIFF, id: '600', operation: 'insert', changes: [] }], 2, 1, 10));
      },
    });
    await renderPage(
      <ModificationRecord
        target={{ table: 'sysMenu', rowId: '1300000000701', name: 'Menus' }}
        onClose={() => {}}
      />,
    );
    expect(await screen.findByText('Modification record: Menus')).toBeTruthy();
    const entries = await screen.findAllByTestId('record-entry');
    expect(entries).toHaveLength(2);
    expect(within(entries[0]!).getByText('Modified')).toBeTruthy();
    expect(within(entries[0]!).getByText('Menu admin')).toBeTruthy();
    expect(within(entries[1]!).getByText('Added')).toBeTruthy();
    expect(within(entries[1]!).getByText('No field values were recorded')).toBeTruthy();
    expect(bodies[0]).toEqual({ page: 1, pageSize: 10, tableName: 'sysMenu', rowId: '1300000000701' });
  });
});

describe('browserOf', () => {
  it('names the browser and its major version', () => {
    expect(browserOf(CHROME)).toBe('Chrome 126');
    expect(browserOf(`${CHROME} Edg/125.0.0.0`)).toBe('Edge 125');
    expect(browserOf('Mozilla/5.0 (X11; Linux x86_64; rv:128.0) Gecko/20100101 Firefox/128.0')).toBe(
      'Firefox 128',
    );
    expect(
      browserOf(
        'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15',
      ),
    ).toBe('Safari 17');
    expect(browserOf('curl/8.5.0')).toBe('curl');
    expect(browserOf(null)).toBe('');
  });
});
