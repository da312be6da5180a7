import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { userInfo } from '../../test/fixtures';
import { json, stubApi } from '../../test/render-app';
import { setNotifier } from '../api/notify';
import { ImportButton } from './import-modal';
import type { ImportResult } from './import-report';

const toast = { error: vi.fn(), success: vi.fn() };
const { createObjectURL, revokeObjectURL } = URL;
let saved: { blob: Blob; name: string }[];
let lastBlob: Blob | null;
let uploads: FormData[];
let answer: () => Response;
let errorBookCalls: { method: string | undefined; query: string }[];

beforeEach(() => {
  saved = [];
  uploads = [];
  errorBookCalls = [];
  lastBlob = null;
  setNotifier(toast);
  // happy-dom has no object URLs: the stand-ins record the Blob handed to the browser.
  URL.createObjectURL = vi.fn((blob: Blob) => {
    lastBlob = blob;
    return 'blob:test/1';
  });
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push({ blob: lastBlob!, name: this.download });
  });
  const spy = stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysUser:import'] })),
    'GET /api/demo/template': () =>
      new Response(new Uint8Array([80, 75]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename="template.xlsx"`,
        },
      }),
    'POST /api/demo/import': (init) => {
      uploads.push(init?.body as FormData);
      return answer();
    },
    'POST /api/sysCommon/downloadErrorExcelTemp': (init) => {
      const url = String(spy.mock.calls.at(-1)![0]);
      errorBookCalls.push({ method: init?.method, query: url.split('?')[1] ?? '' });
      return new Response(new Uint8Array([80, 75, 3, 4]), {
        headers: {
          'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
          'content-disposition': `attachment; filename*=UTF-8''%E5%AF%BC%E5%85%A5%E9%94%99%E8%AF%AF.xlsx`,
        },
      });
    },
  });
});
afterEach(() => {
  Object.assign(URL, { createObjectURL, revokeObjectURL });
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
  toast.error.mockReset();
  setNotifier(null);
});

const xlsx = (name = 'accounts.xlsx', size = 64) =>
  new File([new Uint8Array(size)], name, {
    type: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  });

async function open(onImported = vi.fn(), errorBookPath?: string) {
  await renderPage(
    <ImportButton
      permission="sysUser:import"
      templatePath="/api/demo/template"
      uploadPath="/api/demo/import"
      templateName="demo-template.xlsx"
      keyTitle="Account"
      errorBookPath={errorBookPath}
      onImported={onImported}
    />,
  );
  fireEvent.click(await screen.findByRole('button', { name: /Import/ }));
  return screen.findByRole('dialog');
}

function pick(dialog: HTMLElement, file: File) {
  const input = dialog.querySelector('input[type="file"]') as HTMLInputElement;
  fireEvent.change(input, { target: { files: [file] } });
}

describe('import dialog', () => {
  it('uploads the file, lists the failed rows and saves their report as CSV', async () => {
    const result: ImportResult = {
      total: 4,
      imported: 2,
      failed: 2,
      errors: [
        { row: 3, account: 'zhang', messages: ['账号已存在'] },
        { row: 5, account: null, messages: ['Account is required', 'Phone "x" is invalid'] },
      ],
    };
    answer = () => json(result);
    const onImported = vi.fn();
    const dialog = await open(onImported);
    pick(dialog, xlsx());
    expect(await within(dialog).findByText('File: accounts.xlsx')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('button', { name: 'Upload and import' }));

    expect(await within(dialog).findByText('Rows not imported')).toBeTruthy();
    expect(uploads).toHaveLength(1);
    expect((uploads[0]!.get('file') as File).name).toBe('accounts.xlsx');
    expect(onImported).toHaveBeenCalledWith(result);

    const rows = within(dialog)
      .getAllByRole('row')
      .slice(1)
      .map((tr) =>
        within(tr)
          .getAllByRole('cell')
          .map((td) => td.textContent),
      );
    expect(rows).toEqual([
      ['3', 'zhang', '账号已存在'],
      ['5', '', 'Account is requiredPhone "x" is invalid'],
    ]);

    fireEvent.click(within(dialog).getByRole('button', { name: /Download error report/ }));
    expect(saved).toHaveLength(1);
    expect(saved[0]!.name).toBe('accounts-errors.csv');
    const bytes = new Uint8Array(await saved[0]!.blob.arrayBuffer());
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes)).toBe(
      '\uFEFFRow,Account,Problems\r\n3,zhang,账号已存在\r\n5,,"Account is required; Phone ""x"" is invalid"\r\n',
    );
  });

  it('does not refresh the list when nothing was imported', async () => {
    answer = () =>
      json({ total: 1, imported: 0, failed: 1, errors: [{ row: 2, account: 'a', messages: ['bad'] }] });
    const onImported = vi.fn();
    const dialog = await open(onImported);
    pick(dialog, xlsx());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload and import' }));
    expect(await within(dialog).findByText('bad')).toBeTruthy();
    expect(onImported).not.toHaveBeenCalled();
  });

  it('refuses other file types and files over 10 MB before uploading', async () => {
    const dialog = await open();
    pick(dialog, xlsx('accounts.xls'));
    expect(await within(dialog).findByText('accounts.xls is not an .xlsx file')).toBeTruthy();
    pick(dialog, xlsx('big.xlsx', 10 * 1024 * 1024 + 1));
    expect(await within(dialog).findByText('big.xlsx is larger than 10 MB')).toBeTruthy();
    expect(
      (within(dialog).getByRole('button', { name: 'Upload and import' }) as HTMLButtonElement).disabled,
    ).toBe(true);
    expect(uploads).toEqual([]);
  });

  it('shows a refused upload in the dialog', async () => {
    answer = () => json('The sheet has no header row', 400);
    const dialog = await open();
    pick(dialog, xlsx());
    fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload and import' }));
    expect(await within(dialog).findByText('The sheet has no header row')).toBeTruthy();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it('downloads the template', async () => {
    const dialog = await open();
    fireEvent.click(within(dialog).getByRole('button', { name: /Download template/ }));
    await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['template.xlsx']));
  });

  describe("the server's error workbook", () => {
    const ERROR_BOOK = '/api/sysCommon/downloadErrorExcelTemp';
    const workbookButton = (dialog: HTMLElement) =>
      within(dialog).queryByRole('button', { name: /Download the rows with errors/ });

    it('is offered after an import with refused rows and saves what the route answers', async () => {
      answer = () =>
        json({ total: 2, imported: 1, failed: 1, errors: [{ row: 3, account: 'li', messages: ['bad'] }] });
      const dialog = await open(vi.fn(), ERROR_BOOK);
      pick(dialog, xlsx());
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload and import' }));
      expect(await within(dialog).findByText('bad')).toBeTruthy();

      fireEvent.click(workbookButton(dialog)!);
      await waitFor(() => expect(saved.map((s) => s.name)).toEqual(['导入错误.xlsx']));
      expect(errorBookCalls).toEqual([{ method: 'POST', query: '' }]);
      expect([...new Uint8Array(await saved[0]!.blob.arrayBuffer())]).toEqual([80, 75, 3, 4]);
    });

    it('is not offered when every row was imported', async () => {
      answer = () => json({ total: 2, imported: 2, failed: 0, errors: [] });
      const dialog = await open(vi.fn(), ERROR_BOOK);
      pick(dialog, xlsx());
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload and import' }));
      expect(await within(dialog).findByText('2 rows imported, none failed')).toBeTruthy();
      expect(workbookButton(dialog)).toBeNull();
      expect(errorBookCalls).toEqual([]);
    });

    it('is not offered by an importer whose server keeps no workbook', async () => {
      answer = () =>
        json({ total: 1, imported: 0, failed: 1, errors: [{ row: 2, account: 'a', messages: ['bad'] }] });
      const dialog = await open();
      pick(dialog, xlsx());
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload and import' }));
      expect(await within(dialog).findByText('bad')).toBeTruthy();
      expect(workbookButton(dialog)).toBeNull();
    });

    it("shows the server's refusal when the workbook has expired", async () => {
      stubApi({
        'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysUser:import'] })),
        'POST /api/demo/import': () =>
          json({ total: 1, imported: 0, failed: 1, errors: [{ row: 2, account: 'a', messages: ['bad'] }] }),
        'POST /api/sysCommon/downloadErrorExcelTemp': () => json('The error workbook has expired', 400),
      });
      const dialog = await open(vi.fn(), ERROR_BOOK);
      pick(dialog, xlsx());
      fireEvent.click(await within(dialog).findByRole('button', { name: 'Upload and import' }));
      fireEvent.click((await within(dialog).findAllByRole('button', { name: /rows with errors/ }))[0]!);
      await waitFor(() => expect(toast.error).toHaveBeenCalledWith('The error workbook has expired'));
      expect(saved).toEqual([]);
    });
  });
});
