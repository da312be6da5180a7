import type {
  CodeGenConfigRow,
  CodeGenRow,
  DatabaseRow,
  GeneratedFileRow,
  PermissionCode,
  RunLocalResult,
  TableRow,
} from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type Notifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { pascalCase, type MenuDirNode } from './code-gen-api';
import CodeGenPage from './code-gen-page';
import { fileLabels } from './file-tabs';
import { chooseOption } from '../../../test/choose-option';

const MAIN = '1300000000001';
const RECORD: CodeGenRow = {
  id: '1300000000901',
  configId: MAIN,
  tableName: 'biz_book',
  className: 'BizBook',
  busName: '图书',
  nameSpace: 'business',
  authorName: 'Lintel',
  tableComment: '图书',
  generateType: '100',
  menuPid: 'system',
  menuIcon: null,
  createTime: '2026-11-24T08:00:00.000+08:00',
  updateTime: null,
};
const DATABASES: DatabaseRow[] = [{ configId: MAIN, name: 'main', dbType: 'PGlite', location: 'main' }];
const TABLES: TableRow[] = [
  { name: 'biz_book', description: '图书', system: false, columnCount: 11, estimatedRows: 0 },
  { name: 'biz_shelf_item', description: '书架条目', system: false, columnCount: 9, estimatedRows: 0 },
];
const MENUS: MenuDirNode[] = [
  { id: '1', key: 'menu:dashboard', type: 1, name: 'dashboard', title: '工作台', children: [] },
  { id: '2', key: 'menu:system', type: 1, name: 'system', title: '系统管理', children: [] },
  { id: '3', key: 'menu:sysPos', type: 2, name: 'sysPos', title: '职位管理', children: [] },
  { id: '4', key: null, type: 1, name: 'handMade', title: '手工目录', children: [] },
];
const config = (over: Partial<CodeGenConfigRow>): CodeGenConfigRow => ({
  id: '1300000000911',
  codeGenId: RECORD.id,
  columnName: 'title',
  propertyName: 'title',
  columnComment: '书名',
  dataType: 'varchar',
  columnLength: 128,
  effectType: 'Input',
  dictTypeCode: null,
  whetherRequired: 'Y',
  queryWhether: 'Y',
  queryType: 'like',
  whetherTable: 'Y',
  whetherAddUpdate: 'Y',
  whetherCommon: 'N',
  orderNo: 30,
  ...over,
});
const CONFIGS = [
  config({
    id: '1300000000910',
    columnName: 'id',
    propertyName: 'id',
    columnComment: 'Id',
    dataType: 'bigint',
    whetherCommon: 'Y',
    whetherAddUpdate: 'N',
    queryWhether: 'N',
    orderNo: 10,
  }),
  config({}),
  config({
    id: '1300000000912',
    columnName: 'state',
    propertyName: 'state',
    columnComment: 'State',
    orderNo: 40,
  }),
];
const FILES: GeneratedFileRow[] = [
  { path: 'apps/server/src/modules/biz-book/biz-book.routes.ts', content: 'export const bizBookRoutes = 1;' },
  { path: 'apps/web/src/locales/bizBook/en.json', content: '{ "title": "Book" }' },
  { path: 'apps/web/src/locales/bizBook/zh-CN.json', content: '{ "title": "图书" }' },
  { path: 'apps/web/src/features/business/biz-book/index.ts', content: 'export {};' },
  { path: 'packages/contracts/src/modules/index.ts', content: 'export {};' },
];
const WRITTEN: RunLocalResult = {
  written: FILES.map((f) => f.path),
  registries: ['apps/web/src/app/routing/views.ts'],
};

const ALL: PermissionCode[] = [
  'sysCodeGen:page',
  'sysCodeGen:detail',
  'sysCodeGen:add',
  'sysCodeGen:update',
  'sysCodeGen:delete',
  'sysCodeGen:syncField',
  'sysCodeGen:preview',
  'sysCodeGen:download',
  'sysCodeGen:runLocal',
  'sysCodeGenConfig:list',
  'sysCodeGenConfig:update',
  'sysMenu:list',
];

let sent: { path: string; body: unknown }[];
let notes: { error: ReturnType<typeof vi.fn>; success: ReturnType<typeof vi.fn> };
const record =
  (path: string, answer: unknown = null) =>
  (init: RequestInit | undefined) => {
    sent.push({ path, body: JSON.parse(String(init?.body)) });
    return json(answer);
  };

beforeEach(() => {
  sent = [];
  notes = { error: vi.fn(), success: vi.fn() };
  setNotifier(notes as Notifier);
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ALL, isSuperAdmin: true, accountType: 999 })),
    'GET /api/sysRole/userRoleTableList': () => json([]),
    'POST /api/sysCodeGen/page': (init) => {
      sent.push({ path: 'page', body: JSON.parse(String(init?.body)) });
      return json({
        page: 1,
        pageSize: 20,
        total: 1,
        totalPages: 1,
        items: [RECORD],
        hasPrevPage: false,
        hasNextPage: false,
      });
    },
    'GET /api/sysCodeGen/databaseList': () => json(DATABASES),
    [`GET /api/sysCodeGen/tableList/${MAIN}`]: () => json(TABLES),
    'GET /api/sysMenu/list': () => json(MENUS),
    'GET /api/sysCodeGenConfig/list': () => json(CONFIGS),
    'POST /api/sysCodeGen/add': record('add', '1300000000902'),
    'POST /api/sysCodeGen/update': record('update'),
    'POST /api/sysCodeGen/delete': record('delete'),
    'POST /api/sysCodeGen/syncField': record('syncField'),
    'POST /api/sysCodeGen/preview': record('preview', FILES),
    'POST /api/sysCodeGen/runLocal': record('runLocal', WRITTEN),
    'POST /api/sysCodeGenConfig/update': record('configUpdate'),
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

const row = async () => (await screen.findByText('biz_book')).closest('tr')!;
const sentTo = (path: string) => sent.filter((s) => s.path === path).map((s) => s.body);

describe('code generator page', () => {
  it('lists the records, searches by table and business name', async () => {
    await renderPage(<CodeGenPage />);
    const first = await row();
    expect(within(first).getByText('BizBook')).toBeTruthy();
    // The parent menu by its translated route name; the generate type as a word.
    expect(await within(first).findByText('System')).toBeTruthy();
    expect(within(first).getByText('Zip')).toBeTruthy();
    fireEvent.change(screen.getByLabelText('Table'), { target: { value: 'book' } });
    fireEvent.change(screen.getByLabelText('Business name'), { target: { value: '图' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() =>
      expect(sentTo('page').at(-1)).toEqual({ tableName: 'book', busName: '图', page: 1, pageSize: 20 }),
    );
  });

  it('adds a record, naming the class and business after the chosen table', async () => {
    await renderPage(<CodeGenPage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add/ }));
    const dialog = await screen.findByRole('dialog');
    expect((within(dialog).getByLabelText('Web area') as HTMLInputElement).value).toBe('business');
    await chooseOption(within(dialog).getByLabelText('Database'), 'Main database (PGlite)');
    // The database's tables come once it is chosen.
    await waitFor(() =>
      expect(vi.mocked(fetch).mock.calls.map(([url]) => String(url))).toContain(
        `/api/sysCodeGen/tableList/${MAIN}`,
      ),
    );
    await chooseOption(within(dialog).getByLabelText('Table'), 'biz_shelf_item (书架条目)');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Class name') as HTMLInputElement).value).toBe('BizShelfItem'),
    );
    expect((within(dialog).getByLabelText('Business name') as HTMLInputElement).value).toBe('书架条目');
    // Only top-level directories are offered as the parent menu.
    fireEvent.mouseDown(within(dialog).getByLabelText('Parent menu'));
    expect(await screen.findByTitle('Dashboard')).toBeTruthy();
    expect(screen.queryByTitle('Positions')).toBeNull();
    expect(screen.queryByTitle('手工目录')).toBeNull();
    fireEvent.click(screen.getByTitle('System'));
    fireEvent.click(within(dialog).getByLabelText('Files written into this project'));
    fireEvent.change(within(dialog).getByLabelText('Author'), { target: { value: ' Ada ' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo('add')).toHaveLength(1));
    expect(sentTo('add')[0]).toEqual({
      configId: MAIN,
      tableName: 'biz_shelf_item',
      className: 'BizShelfItem',
      busName: '书架条目',
      nameSpace: 'business',
      generateType: '200',
      menuPid: 'system',
      authorName: 'Ada',
      tableComment: '书架条目',
      menuIcon: null,
    });
  });

  it('keeps a class name the user typed when another table is chosen', async () => {
    await renderPage(<CodeGenPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Edit' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Class name') as HTMLInputElement).value).toBe('BizBook'),
    );
    fireEvent.change(within(dialog).getByLabelText('Class name'), { target: { value: 'Shelf' } });
    await chooseOption(within(dialog).getByLabelText('Table'), 'biz_shelf_item (书架条目)');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Business name') as HTMLInputElement).value).toBe('书架条目'),
    );
    expect((within(dialog).getByLabelText('Class name') as HTMLInputElement).value).toBe('Shelf');
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sentTo('update')).toHaveLength(1));
    expect(sentTo('update')[0]).toMatchObject({
      id: RECORD.id,
      className: 'Shelf',
      tableName: 'biz_shelf_item',
    });
  });

  it('configures the columns and saves every row', async () => {
    await renderPage(<CodeGenPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Configure columns' }));
    const drawer = await screen.findByRole('dialog');
    const label = await within(drawer).findByLabelText('Label of title');
    fireEvent.change(label, { target: { value: '书名称' } });
    // The base columns never go into the form.
    expect((within(drawer).getByLabelText('In form of id') as HTMLInputElement).disabled).toBe(true);
    fireEvent.click(within(drawer).getByLabelText('In list of state'));
    await chooseOption(within(drawer).getByLabelText('Control of state'), 'Dictionary select');
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    // A dictionary select needs its dictionary code first.
    await waitFor(() => expect(notes.error).toHaveBeenCalled(), { timeout: 25_000 });
    expect(sentTo('configUpdate')).toEqual([]);
    fireEvent.change(within(drawer).getByLabelText('Dictionary code of state'), {
      target: { value: 'book_state' },
    });
    fireEvent.click(within(drawer).getByRole('button', { name: 'Save' }));
    // Validating every row's fields is slow in the DOM emulation when the machine is busy (CI).
    await waitFor(() => expect(sentTo('configUpdate')).toHaveLength(1), { timeout: 25_000 });
    const rows = sentTo('configUpdate')[0] as Record<string, unknown>[];
    expect(rows.map((r) => r.id)).toEqual(['1300000000910', '1300000000911', '1300000000912']);
    expect(rows[1]).toEqual({
      id: '1300000000911',
      columnComment: '书名称',
      effectType: 'Input',
      dictTypeCode: null,
      whetherRequired: 'Y',
      queryWhether: 'Y',
      queryType: 'like',
      whetherTable: 'Y',
      whetherAddUpdate: 'Y',
      orderNo: 30,
    });
    expect(rows[2]).toMatchObject({
      effectType: 'DictSelector',
      dictTypeCode: 'book_state',
      whetherTable: 'N',
    });
  }, 45_000);

  it('previews the files, one tab each with its path and code', async () => {
    await renderPage(<CodeGenPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Preview code' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByRole('tab', { name: 'biz-book.routes.ts' })).toBeTruthy();
    expect(within(dialog).getByRole('tab', { name: 'zh-CN.json' })).toBeTruthy();
    // Two files of one name: each with its folder.
    expect(within(dialog).getByRole('tab', { name: 'biz-book/index.ts' })).toBeTruthy();
    expect(within(dialog).getByText('export const bizBookRoutes = 1;')).toBeTruthy();
    fireEvent.click(within(dialog).getByRole('tab', { name: 'zh-CN.json' }));
    expect(await within(dialog).findByText('{ "title": "图书" }')).toBeTruthy();
    // The keys of a tab list: End goes to the last file, ArrowDown wraps to the first.
    fireEvent.keyDown(within(dialog).getByRole('tab', { name: 'zh-CN.json' }), { key: 'End' });
    expect(within(dialog).getByRole('tab', { name: 'modules/index.ts' }).getAttribute('aria-selected')).toBe(
      'true',
    );
    fireEvent.keyDown(within(dialog).getByRole('tab', { name: 'modules/index.ts' }), { key: 'ArrowDown' });
    expect(
      within(dialog).getByRole('tab', { name: 'biz-book.routes.ts' }).getAttribute('aria-selected'),
    ).toBe('true');
    expect(sentTo('preview')).toEqual([{ id: RECORD.id }]);
  });

  it('syncs fields and generates into the project after a confirmation, listing what was written', async () => {
    await renderPage(<CodeGenPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Sync fields' }));
    // The confirmation's own button, after the row's.
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Sync fields' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Sync fields' })[1]!);
    await waitFor(() => expect(sentTo('syncField')).toEqual([{ id: RECORD.id }]));

    fireEvent.click(within(await row()).getByRole('button', { name: 'Generate into the project' }));
    fireEvent.click(await screen.findByRole('button', { name: 'Generate' }));
    const dialog = await screen.findByRole('dialog');
    expect(await within(dialog).findByText('apps/web/src/app/routing/views.ts')).toBeTruthy();
    expect(within(dialog).getByText('Files written (5):')).toBeTruthy();
    expect(sentTo('runLocal')).toEqual([{ id: RECORD.id }]);
  });

  it('deletes a record after a confirmation', async () => {
    await renderPage(<CodeGenPage />);
    fireEvent.click(within(await row()).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.getAllByRole('button', { name: 'Delete' })).toHaveLength(2));
    fireEvent.click(screen.getAllByRole('button', { name: 'Delete' })[1]!);
    await waitFor(() => expect(sentTo('delete')).toEqual([[{ id: RECORD.id }]]));
  });
});

describe('naming', () => {
  it('suggests the PascalCase class of a table, and labels files by name or folder and name', () => {
    expect(pascalCase('biz_shelf_item')).toBe('BizShelfItem');
    expect(pascalCase('t2_x')).toBe('T2X');
    expect(fileLabels(FILES)).toEqual([
      'biz-book.routes.ts',
      'en.json',
      'zh-CN.json',
      'biz-book/index.ts',
      'modules/index.ts',
    ]);
  });
});
