import { parseArgs } from 'node:util';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { MENU_REGISTRY } from '@lintel/contracts';
import { newModule } from '../modules/sys-code-gen/new-module.js';

/**
 * npm run new:module -- <table> [--column name:type[(n[,d])][!]]... [--title 图书] [--parent system]
 * [--area business]: a table (migration) and its module, server to web, in this repository.
 */
const usage = `usage: npm run new:module -- <table_name> [--column title:varchar(64)!] [--column price:numeric(10,2)]
                          [--title "Books"] [--parent system] [--area business]`;

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    column: { type: 'string', multiple: true },
    title: { type: 'string' },
    parent: { type: 'string', default: 'system' },
    area: { type: 'string', default: 'business' },
    workspace: { type: 'string' },
  },
});

const table = positionals[0];
if (!table || !/^[a-z][a-z0-9_]{0,62}$/.test(table) || /^(sys_|lintel_|pg_)/.test(table)) {
  console.error(`${usage}\nThe table name is snake_case and not a product name (sys_, lintel_).`);
  process.exit(2);
}
const parent = MENU_REGISTRY.find((top) => top.key === values.parent && top.type === 'dir');
if (!parent) {
  const dirs = MENU_REGISTRY.filter((top) => top.type === 'dir').map((top) => top.key);
  console.error(`There is no menu directory "${values.parent}": one of ${dirs.join(', ')}`);
  process.exit(2);
}
const workspace = values.workspace
  ? path.resolve(values.workspace)
  : fileURLToPath(new URL('../../../../', import.meta.url));

try {
  const result = await newModule(workspace, {
    table,
    columns: values.column?.length ? values.column : ['name:varchar(64)!', 'remark:varchar(256)'],
    ...(values.title ? { title: values.title } : {}),
    parent: parent.key,
    parentPath: parent.path,
    area: values.area!,
  });
  const say = (line: string) => process.stdout.write(`${line}\n`);
  say(`Wrote ${result.migration}`);
  for (const file of result.written) say(`Wrote ${file}`);
  for (const file of result.registries) say(`Joined ${file}`);
  say('Next: npm run typecheck && npm run lint, then start the server (it runs the migration).');
} catch (error) {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
}
