import type { FileRow, FolderTreeNode } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { pageOf, userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import FilePage, { fileFilterOf } from './file-page';
import { isFolderPath } from './folder-rules';

const file = (n: number, over: Partial<FileRow> = {}): FileRow => ({
  id: String(1300000000900 + n),
  provider: 'local',
  bucketName: null,
  fileName: `photo-${n}.png`,
  suffix: 'png',
  filePath: 'site',
  sizeKb: 12,
  sizeInfo: '12.0 KB',
  url: `/upload/1300000000101/file/${'ab'.repeat(16)}.png`,
  fileMd5: null,
  fileType: 'photo',
  fileAlias: null,
  isPublic: false,
  dataId: null,
  kind: 'file',
  contentType: 'image/png',
  family: 'image',
  createUserName: 'Admin',
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
  ...over,
});
const FOLDERS: FolderTreeNode[] = [
  {
    path: 'site',
    name: 'site',
    fileCount: 2,
    children: [{ path: 'site/2026', name: '2026', fileCount: 1, children: [] }],
  },
];

let pages: Record<string, unknown>[];
let updates: Record<string, unknown>[];
let deletes: Record<string, unknown>[];
let uploads: FormData[];
const ALL = ['sysFile:page', 'sysFile:uploadFile', 'sysFile:update', 'sysFile:delete'];

function stub(apis = ALL) {
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis })),
    'GET /api/sysFile/folder': () => json(FOLDERS),
    'POST /api/sysFile/page': (init) => {
      pages.push(JSON.parse(String(init?.body)));
      return json(pageOf([file(1), file(2, { fileAlias: '合同扫描', family: 'pdf', suffix: 'pdf' })]));
    },
    'POST /api/sysFile/update': (init) => {
      updates.push(JSON.parse(String(init?.body)));
      return json(null);
    },
    'POST /api/sysFile/delete': (init) => {
      deletes.push(JSON.parse(String(init?.body)));
      return json(null);
    },
    'POST /api/sysFile/uploadFile': (init) => {
      uploads.push(init?.body as FormData);
      return json("The file's content does not match its .pdf extension.", 400);
    },
  });
}

beforeEach(() => {
  pages = [];
  updates = [];
  deletes = [];
  uploads = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
});
afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('file page', () => {
  it('lists files by folder, names renamed files by their alias, and searches', async () => {
    stub();
    await renderPage(<FilePage />);
    expect(await screen.findByText('photo-1.png')).toBeTruthy();
    expect(screen.getByText('合同扫描')).toBeTruthy();
    const tree = (await screen.findByText('Folders')).closest('.ant-card') as HTMLElement;
    fireEvent.click(await within(tree).findByText('2026'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ filePath: 'site/2026', page: 1 }));
    fireEvent.change(screen.getAllByLabelText('File name')[0]!, { target: { value: ' photo ' } });
    fireEvent.change(screen.getByLabelText('Extension'), { target: { value: '.PNG' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    // The folder picked in the tree stays with the search.
    await waitFor(() =>
      expect(pages.at(-1)).toMatchObject({ fileName: 'photo', suffix: 'png', filePath: 'site/2026' }),
    );
  });

  it('publishes a file with its switch and deletes after confirmation', async () => {
    stub();
    await renderPage(<FilePage />);
    await screen.findByText('photo-1.png');
    fireEvent.click(screen.getByRole('switch', { name: 'Public: photo-1.png' }));
    await waitFor(() => expect(updates).toEqual([{ id: '1300000000901', isPublic: true }]));
    const row = screen.getByText('photo-1.png').closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Delete' }));
    const confirm = await screen.findByText('Delete the file "photo-1.png"? It cannot be restored.');
    fireEvent.click(
      within(confirm.closest('.ant-popover') as HTMLElement).getByRole('button', { name: 'Delete' }),
    );
    await waitFor(() => expect(deletes).toEqual([{ id: '1300000000901' }]));
  });

  it('previews an image from its served address', async () => {
    stub();
    await renderPage(<FilePage />);
    const row = (await screen.findByText('photo-1.png')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Preview' }));
    const image = (await screen.findByRole('img', { name: 'photo-1.png' })) as HTMLImageElement;
    expect(image.getAttribute('src')).toBe(file(1).url);
  });

  it('uploads into the folder shown and shows the server’s refusal beside the file', async () => {
    stub();
    await renderPage(<FilePage />);
    const tree = (await screen.findByText('Folders')).closest('.ant-card') as HTMLElement;
    fireEvent.click(await within(tree).findByText('site'));
    await waitFor(() => expect(pages.at(-1)).toMatchObject({ filePath: 'site' }));
    fireEvent.click(screen.getByRole('button', { name: /Upload/ }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(/each at most 10 MB/)).toBeTruthy();
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Folder') as HTMLInputElement).value).toBe('site'),
    );
    const input = dialog.querySelector('input[type=file]') as HTMLInputElement;
    const pdf = new File(['not a pdf'], 'report.pdf', { type: 'application/pdf' });
    fireEvent.change(input, { target: { files: [pdf] } });
    expect(
      await within(dialog).findByText("The file's content does not match its .pdf extension."),
    ).toBeTruthy();
    expect(uploads).toHaveLength(1);
    expect(uploads[0]!.get('path')).toBe('site');
    expect((uploads[0]!.get('file') as File).name).toBe('report.pdf');
  });

  it('hides what the permissions do not allow', async () => {
    stub(['sysFile:page']);
    await renderPage(<FilePage />);
    const row = (await screen.findByText('photo-1.png')).closest('tr')!;
    expect(screen.queryByRole('button', { name: /Upload/ })).toBeNull();
    expect(within(row).queryByRole('button', { name: 'Delete' })).toBeNull();
    expect(within(row).getByRole('button', { name: 'Download' })).toBeTruthy();
    expect((within(row).getByRole('switch') as HTMLButtonElement).disabled).toBe(true);
  });
});

describe('file filters and folder names', () => {
  it('sends whole days and bare extensions', () => {
    expect(fileFilterOf({ suffix: ' .PDF ', fileName: '  ' })).toEqual({
      fileName: undefined,
      suffix: 'pdf',
      fileType: undefined,
    });
  });

  it('takes folder paths the server takes', () => {
    for (const ok of ['', 'a', 'contracts/2026', '合同/扫描']) expect(isFolderPath(ok), ok).toBe(true);
    for (const bad of ['/a', 'a/', 'a//b', '..', 'a/./b', 'a\\b']) expect(isFolderPath(bad), bad).toBe(false);
  });
});
