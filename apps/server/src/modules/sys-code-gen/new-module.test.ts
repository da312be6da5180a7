import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newModule, parseColumn } from './new-module.js';

const REPO = path.resolve(import.meta.dirname, '../../../../..');
/** What new:module reads and edits: the migrations, the contracts modules and the two lists. */
const NEEDED = [
  'apps/server/src/db/migrations',
  'packages/contracts/src/modules',
  'packages/contracts/src/wire/index.ts',
  'apps/server/src/modules/index.ts',
  'apps/web/src/app/routing/views.ts',
  '.prettierrc.json',
];

describe('npm run new:module', () => {
  let workspace: string;
  beforeAll(async () => {
    workspace = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-new-module-'));
    for (const item of NEEDED)
      await fs.cp(path.join(REPO, item), path.join(workspace, item), { recursive: true });
  });
  afterAll(() => fs.rm(workspace, { recursive: true, force: true }));

  it('reads columns as name:type(length,digits)! and explains a bad one', () => {
    expect(parseColumn('title:varchar(64)!')).toEqual({
      dbColumnName: 'title',
      columnType: 'varchar',
      length: 64,
      isNullable: false,
    });
    expect(parseColumn('price:numeric(10,2)')).toMatchObject({
      length: 10,
      decimalDigits: 2,
      isNullable: true,
    });
    expect(() => parseColumn('Title:varchar')).toThrow(/name:type/);
    expect(() => parseColumn('title:string')).toThrow(/varchar, text/);
  });

  it('writes the migration and the module, and joins the shared lists once', async () => {
    const options = {
      table: 'biz_note',
      columns: ['title:varchar(64)!', 'done:boolean!'],
      title: '便签',
      parent: 'system',
      parentPath: '/system',
      area: 'business',
    };
    const result = await newModule(workspace, options);
    expect(result.migration).toMatch(/^apps\/server\/src\/db\/migrations\/\d{4}_add_table_biz_note\.ts$/);
    expect(result.written).toContain('apps/server/src/modules/biz-note/biz-note.routes.ts');
    const read = (file: string) => fs.readFile(path.join(workspace, file), 'utf8');
    expect(await read('apps/server/src/modules/index.ts')).toContain("['bizNote', bizNoteRoutes],");
    expect(await read('apps/web/src/app/routing/views.ts')).toContain(
      "'/business/bizNote/index': lazy(() => import('../../features/business/biz-note/biz-note-page')),",
    );
    expect(await read('packages/contracts/src/modules/index.ts')).toContain('...bizNotePermissions,');
    expect(await read('packages/contracts/src/modules/biz-note.ts')).toContain("path: '/system/bizNote'");
    expect(await read('packages/contracts/src/wire/index.ts')).toContain("export * from './biz-note.js';");
    expect(await read(result.migration)).toContain('"title" varchar(64) not null');

    // A second module joins the same lists; the first stays listed once.
    await newModule(workspace, { ...options, table: 'biz_memo' });
    const modules = await read('apps/server/src/modules/index.ts');
    expect(modules.match(/\['bizNote', bizNoteRoutes\]/g)).toHaveLength(1);
    expect(modules).toContain("['bizMemo', bizMemoRoutes],");
    expect(await read('packages/contracts/src/modules/index.ts')).toMatch(/bizMemoMenu, bizNoteMenu/);
  });
});
