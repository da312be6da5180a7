import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { json, stubApi, type Routes } from '../../test/render-app';
import { setNotifier } from '../api/notify';
import { Auth } from '../permission/permissions';
import type { KitColumn } from './column-layout';
import { ExportMenu } from './export-menu';

interface Row {
  account: string;
}
const columns: KitColumn<Row>[] = [
  { key: 'account', title: 'Account', dataIndex: 'account' },
  { key: 'realName', title: 'Real name', dataIndex: 'realName' },
  { key: 'actions', title: 'Actions', exportable: false },
];
const filter = {
  page: 2,
  pageSize: 20,
  account: 'zh',
  field: 'account',
  order: 'ascend',
  descStr: 'descend',
};

const toast = { error: vi.fn(), success: vi.fn() };
let saved: { blob: Blob; name: string }[];
let lastUrl: Blob | null;
const { createObjectURL, revokeObjectURL } = URL;

beforeEach(() => {
  saved = [];
  lastUrl = null;
  setNotifier(toast);
  // happy-dom has no object URLs: the stand-ins record the Blob handed to the browser.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastUrl = blob;
    return 'blob:test/1';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: lastUrl!, name: this.download });
  });
});
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.error.mockReset();
  toast.success.mockReset();
  setNotifier(null);
});

async function render(
  routes: Routes,
  props: { total?: number; apis?: string[]; cols?: KitColumn<Row>[] } = {},
) {
  const spy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: props.apis ?? ['sysPos:export'] })),
    ...routes,
  });
  await renderPage(
    <ExportMenu
      path="/api/demo/export"
      permission="sysPos:export"
      filter={filter}
      columns={props.cols ?? columns}
      total={props.total ?? 42}
      fileName="demo"
    />,
  );
  return spy;
}

async function choose(range: 0 | 1, format: string) {
  fireEvent.click(await screen.findByRole('button', { name: /Export/ }));
  fireEvent.click((await screen.findAllByRole('menuitem', { name: format }))[range]!);
}

describe('export menu', () => {
  it('sends the filter and the visible columns, then saves the streamed file under its name', async () => {
    const bodies: unknown[] = [];
    await render({
      'POST /api/demo/export': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response('账号,Real name\r\nzhang,张三\r\n', {
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="__.csv"; filename*=UTF-8''${encodeURIComponent('账号.csv')}`,
          },
        });
      },
    });
    await choose(1, 'CSV (.csv)');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies).toEqual([
      {
        ...filter,
        format: 'csv',
        range: 'all',
        columns: [
          { key: 'account', title: 'Account' },
          { key: 'realName', title: 'Real name' },
        ],
      },
    ]);
    expect(saved[0]!.name).toBe('账号.csv');
    expect(await saved[0]!.blob.text()).toBe('账号,Real name\r\nzhang,张三\r\n');
    expect(URL.createObjectURL).toHaveBeenCalledTimes(1);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('Saved 账号.csv'));
  });

  it('exports this page in the chosen format, named by the fallback when the server names none', async () => {
    const bodies: Record<string, unknown>[] = [];
    await render({
      'POST /api/demo/export': (init) => {
        bodies.push(JSON.parse(String(init?.body)));
        return new Response(new Uint8Array([80, 75, 3, 4]), {
          headers: { 'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet' },
        });
      },
    });
    await choose(0, 'Excel (.xlsx)');
    await waitFor(() => expect(saved).toHaveLength(1));
    expect(bodies[0]).toMatchObject({ page: 2, pageSize: 20, format: 'xlsx', range: 'page' });
    expect(saved[0]!.name).toBe('demo.xlsx');
    expect(new Uint8Array(await saved[0]!.blob.arrayBuffer())).toEqual(new Uint8Array([80, 75, 3, 4]));
  });

  it('shows the refusal of the server and saves nothing', async () => {
    await render({ 'POST /api/demo/export': () => json('Export is not allowed', 403) });
    await choose(1, 'XML (.xml)');
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('Export is not allowed'));
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: /Export/ })).toBeTruthy();
  });

  it('warns instead of exporting when there is no data or no column', async () => {
    const spy = await render({}, { total: 0 });
    await choose(1, 'CSV (.csv)');
    expect(toast.error).toHaveBeenCalledWith('There is no data to export');
    const exportCalls = () => spy.mock.calls.filter(([url]) => String(url).includes('/export'));
    expect(exportCalls()).toEqual([]);
  });

  it('warns when every exportable column is hidden', async () => {
    await render({}, { cols: [columns[2]!] });
    await choose(0, 'Plain text (.txt)');
    expect(toast.error).toHaveBeenCalledWith(
      'No columns are shown: choose at least one in the column settings',
    );
  });

  it('is hidden without the permission', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysPos:list'] })) });
    await renderPage(
      <>
        <Auth value="sysPos:list">
          <span>permissions loaded</span>
        </Auth>
        <ExportMenu
          path="/api/demo/export"
          permission="sysPos:export"
          filter={filter}
          columns={columns}
          total={1}
          fileName="demo"
        />
      </>,
    );
    await screen.findByText('permissions loaded');
    expect(screen.queryByRole('button', { name: /Export/ })).toBeNull();
  });
});
