import type { ColumnRow, DatabaseRow, PermissionCode, TableDetail, TableRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier, type Notifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { defaultLiteral, toColumnSpec } from './column-spec';
import { shortType } from './table-detail-card';
import DatabasePage from './database-page';
import { chooseOption } from '../../../test/choose-option';

const MAIN = '1300000000001';
const DATABASES: DatabaseRow[] = [
  { configId: MAIN, name: 'main', dbType: 'PGlite', location: 'main' },
  { configId: '1300000000777', name: 'Acme', dbType: 'PostgreSQL', location: 'db.local/acme' },
];
const TABLES: TableRow[] = [
  { name: 'biz_book', description: '图书', system: false, columnCount: 11, estimatedRows: 12 },
  { name: 'sys_pos', description: '职位', system: true, columnCount: 13, estimatedRows: -1 },
];
const column = (over: Partial<ColumnRow>): ColumnRow => ({
  dbColumnName: 'title',
  dataType: 'character varying(128)',
  columnType: 'varchar',
  length: 128,
  decimalDigits: null,
  isNullable: false,
  isPrimarykey: false,
  isIdentity: false,
  defaultValue: null,
  columnDescription: '书名',
  position: 3,
  ...over,
});
const DETAIL: TableDetail = {
  columns: [
    column({
      dbColumnName: 'id',
      dataType: 'bigint',
      columnType: 'bigint',
      length: 64,
      isPrimarykey: true,
      position: 1,
    }),
    column({}),
    column({
      dbColumnName: 'price',
      dataType: 'numeric(10,2)',
      columnType: 'numeric',
      length: 10,
      decimalDigits: 2,
      isNullable: true,
      defaultValue: "'9.50'::numeric",
      columnDescription: null,
      position: 4,
    }),
  ],
  indexes: [
    {
      name: 'biz_book_pkey',
      definition: 'CREATE UNIQUE INDEX biz_book_pkey ON biz_book (id)',
      isUnique: true,
      isPrimary: true,
    },
  ],
  relations: [
    {
      name: 'biz_book_tenant_id_fkey',
      sourceTableName: 'biz_book',
      sourceColumnName: 'tenant_id',
      targetTableName: 'sys_tenant',
      targetColumnName: 'id',
    },
  ],
};

const ALL: PermissionCode[] = [
  'sysDatabase:list',
  'sysDatabase:tableList',
  'sysDatabase:columnList',
  'sysDatabase:visualDbTable',
  'sysDatabase:createSeedData',
  'sysDatabase:addTable',
  'sysDatabase:updateTable',
  'sysDatabase:deleteTable',
  'sysDatabase:addColumn',
  'sysDatabase:updateColumn',
  'sysDatabase:deleteColumn',
];

let sent: { path: string; body: unknown }[];
let notes: { error: ReturnType<typeof vi.fn>; success: ReturnType<typeof vi.fn> };
let changeAnswer: () => Response;
const recordChange = (path: string) => (init: RequestInit | undefined) => {
  sent.push({ path, body: JSON.parse(String(init?.body)) });
  return changeAnswer();
};

function stub(apis: PermissionCode[] = ALL) {
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis, isSuperAdmin: true, accountType: 999 })),
    'GET /api/sysRole/userRoleTableList': () => json([]),
    'GET /api/sysDatabase/list': () => json(DATABASES),
    [`GET /api/sysDatabase/tableList/${MAIN}`]: () => json(TABLES),
    'GET /api/sysDatabase/tableList/1300000000777': () => json([]),
    [`GET /api/sysDatabase/tableDetail/biz_book/${MAIN}`]: () => json(DETAIL),
    [`GET /api/sysDatabase/tableDetail/sys_pos/${MAIN}`]: () =>
      json({ ...DETAIL, columns: [DETAIL.columns[0]] }),
    'POST /api/sysDatabase/addTable': recordChange('addTable'),
    'POST /api/sysDatabase/updateColumn': recordChange('updateColumn'),
    'POST /api/sysDatabase/deleteTable': recordChange('deleteTable'),
  });
}

beforeEach(() => {
  sent = [];
  notes = { error: vi.fn(), success: vi.fn() };
  setNotifier(notes as Notifier);
  changeAnswer = () => json({ applied: true, migration: 'apps/server/src/db/migrations/0011_biz_book.ts' });
  stub();
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

const tableRow = (name: string) => screen.getByText(name).closest('tr')!;

describe('database page', () => {
  it('lists the tables, filters them, and shows a table’s columns, indexes and foreign keys', async () => {
    await renderPage(<DatabasePage />);
    expect(await screen.findByText('biz_book')).toBeTruthy();
    expect(within(tableRow('sys_pos')).getByText('System')).toBeTruthy();
    // An estimate never taken shows as unknown.
    expect(within(tableRow('sys_pos')).getByText('—')).toBeTruthy();

    fireEvent.change(screen.getByLabelText('Filter by name or description'), { target: { value: '职位' } });
    await waitFor(() => expect(screen.queryByText('biz_book')).toBeNull());
    fireEvent.change(screen.getByLabelText('Filter by name or description'), { target: { value: '' } });

    fireEvent.click(await screen.findByText('biz_book'));
    expect((await screen.findAllByText('书名')).length).toBeGreaterThan(0);
    expect(screen.getByRole('tab', { name: 'Columns (3)' })).toBeTruthy();
    // The header and the id column's tag.
    expect(screen.getAllByText('PK').length).toBeGreaterThan(1);
    // Own table: change buttons; the base column id has no row actions.
    expect(screen.getByRole('button', { name: /Add column/ })).toBeTruthy();
    expect(screen.getByRole('button', { name: 'Edit column title' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Edit column id' })).toBeNull();
    fireEvent.click(screen.getByRole('tab', { name: 'Foreign keys (1)' }));
    expect(await screen.findByText('sys_tenant.id')).toBeTruthy();
  });

  it('shows a product table read only', async () => {
    await renderPage(<DatabasePage />);
    fireEvent.click(await screen.findByText('sys_pos'));
    expect(await screen.findByText(/never change it/)).toBeTruthy();
    expect(screen.getByRole('button', { name: /Export seed data/ })).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Add column/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Delete table/ })).toBeNull();
    expect(screen.queryByRole('button', { name: /Edit column/ })).toBeNull();
  });

  it('creates a table with its columns and names the migration file written', async () => {
    await renderPage(<DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add table/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Table name'), { target: { value: 'biz_book' } });
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: '图书' } });
    fireEvent.change(within(dialog).getByLabelText('Column name, column 1'), { target: { value: 'title' } });
    fireEvent.change(within(dialog).getByLabelText('Description, column 1'), { target: { value: '书名' } });
    fireEvent.click(within(dialog).getByRole('button', { name: /Add a column/ }));
    fireEvent.change(await within(dialog).findByLabelText('Column name, column 2'), {
      target: { value: 'price' },
    });
    await chooseOption(within(dialog).getByRole('combobox', { name: 'Type, column 2' }), 'numeric');
    fireEvent.change(within(dialog).getByLabelText('Length, column 2'), { target: { value: '10' } });
    const decimals = within(dialog).getByLabelText('Decimals, column 2') as HTMLInputElement;
    // Only a numeric column takes decimal digits.
    await waitFor(() => expect(decimals.disabled).toBe(false));
    expect((within(dialog).getByLabelText('Decimals, column 1') as HTMLInputElement).disabled).toBe(true);
    fireEvent.change(decimals, { target: { value: '2' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]).toEqual({
      path: 'addTable',
      body: {
        configId: MAIN,
        tableName: 'biz_book',
        description: '图书',
        columnList: [
          {
            dbColumnName: 'title',
            columnType: 'varchar',
            length: 255,
            isNullable: true,
            columnDescription: '书名',
          },
          {
            dbColumnName: 'price',
            columnType: 'numeric',
            length: 10,
            decimalDigits: 2,
            isNullable: true,
            columnDescription: null,
          },
        ],
      },
    });
    expect(await screen.findByText('apps/server/src/db/migrations/0011_biz_book.ts')).toBeTruthy();
    expect(notes.success).toHaveBeenCalledWith('Saved successfully');
  });

  it('refuses a table name the tools reserve, before asking the server', async () => {
    await renderPage(<DatabasePage />);
    fireEvent.click(await screen.findByRole('button', { name: /Add table/ }));
    const dialog = await screen.findByRole('dialog');
    fireEvent.change(within(dialog).getByLabelText('Table name'), { target: { value: 'sys_book' } });
    fireEvent.change(within(dialog).getByLabelText('Column name, column 1'), {
      target: { value: 'Bad-Name' },
    });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/reserved for the product/)).toBeTruthy();
    expect(within(dialog).getAllByText(/snake_case/).length).toBeGreaterThan(1);
    expect(sent).toEqual([]);
  });

  it('edits a column, sending its default back as a literal', async () => {
    changeAnswer = () => json({ applied: true, migration: null });
    await renderPage(<DatabasePage />);
    fireEvent.click(await screen.findByText('biz_book'));
    const row = (await screen.findByText('price')).closest('tr')!;
    fireEvent.click(within(row).getByRole('button', { name: 'Edit column price' }));
    const dialog = await screen.findByRole('dialog');
    await waitFor(() =>
      expect((within(dialog).getByLabelText('Default') as HTMLInputElement).value).toBe('9.50'),
    );
    fireEvent.change(within(dialog).getByLabelText('Description'), { target: { value: '售价' } });
    fireEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(sent[0]!.body).toEqual({
      configId: MAIN,
      tableName: 'biz_book',
      oldColumnName: 'price',
      dbColumnName: 'price',
      columnType: 'numeric',
      length: 10,
      decimalDigits: 2,
      isNullable: true,
      defaultValue: '9.50',
      columnDescription: '售价',
    });
    // Direct mode writes no file: nothing to name.
    await waitFor(() => expect(notes.success).toHaveBeenCalledWith('Saved successfully'));
    expect(screen.queryByText(/migration file/)).toBeNull();
  });

  it('shows the server’s refusal when schema changes are off', async () => {
    changeAnswer = () => json('Schema changes are turned off on this server (LINTEL_SCHEMA_CHANGES).', 403);
    await renderPage(<DatabasePage />);
    fireEvent.click(await screen.findByText('biz_book'));
    fireEvent.click(await screen.findByRole('button', { name: /Delete table/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'Delete' }));
    await waitFor(() =>
      expect(notes.error).toHaveBeenCalledWith(
        'Schema changes are turned off on this server (LINTEL_SCHEMA_CHANGES).',
      ),
    );
    expect(sent).toEqual([{ path: 'deleteTable', body: { configId: MAIN, tableName: 'biz_book' } }]);
  });

  it('hides what the user may not do', async () => {
    stub(['sysDatabase:list', 'sysDatabase:tableList', 'sysDatabase:columnList']);
    await renderPage(<DatabasePage />);
    fireEvent.click(await screen.findByText('biz_book'));
    expect((await screen.findAllByText('书名')).length).toBeGreaterThan(0);
    for (const name of [/Add table/, /Diagram/, /Add column/, /Delete table/, /Export seed data/, /Rename/])
      expect(screen.queryByRole('button', { name })).toBeNull();
  });
});

describe('column values', () => {
  it('names a type in the tools’ words only where it is one of theirs', () => {
    expect(shortType(column({}))).toBe('varchar(128)');
    expect(shortType(DETAIL.columns[2]!)).toBe('numeric(10,2)');
    expect(
      shortType(column({ dataType: 'timestamp with time zone', columnType: 'timestamptz', length: null })),
    ).toBe('timestamptz');
    // PostgreSQL types the tools read as theirs but do not create keep their own name.
    expect(shortType(column({ dataType: 'smallint', columnType: 'integer', length: 16 }))).toBe('smallint');
    expect(shortType(column({ dataType: 'timestamp without time zone', columnType: 'timestamptz' }))).toBe(
      'timestamp without time zone',
    );
    expect(shortType(column({ dataType: 'uuid', columnType: null }))).toBe('uuid');
  });

  it('reads a default PostgreSQL wrote back as the literal the form edits', () => {
    expect(defaultLiteral("'abc'::character varying")).toBe('abc');
    expect(defaultLiteral("'it''s'::text")).toBe("it's");
    expect(defaultLiteral("'-1'::integer")).toBe('-1');
    expect(defaultLiteral("'2026-01-31'::date")).toBe('2026-01-31');
    expect(defaultLiteral('true')).toBe('true');
    expect(defaultLiteral('now()')).toBe('now()');
    expect(defaultLiteral(null)).toBeNull();
  });

  it('sends length and decimals only for the types that take them, and no blank default', () => {
    expect(
      toColumnSpec({
        dbColumnName: ' n ',
        columnType: 'integer',
        length: 5,
        decimalDigits: 1,
        defaultValue: ' ',
      }),
    ).toEqual({
      dbColumnName: 'n',
      columnType: 'integer',
      isNullable: false,
      columnDescription: null,
    });
  });
});
