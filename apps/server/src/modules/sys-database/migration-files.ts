import fs from 'node:fs/promises';
import path from 'node:path';
import { formatSource } from '../../platform/files/format-source.js';

/**
 * Migration files in a workspace (apps/server/src/db/migrations): the next file for a schema change
 * the database tools made, and the index (index.ts) rewritten from the folder so the new file runs
 * on every other database at its next start.
 */

export const MIGRATIONS_DIR = 'apps/server/src/db/migrations';
const MIGRATION_FILE = /^(\d{4})_([a-z0-9_]+)\.ts$/;

async function migrationNames(dir: string): Promise<string[]> {
  const files = await fs.readdir(dir);
  return files
    .filter((file) => MIGRATION_FILE.test(file))
    .map((file) => file.slice(0, -'.ts'.length))
    .sort();
}

/** The next free migration name for a slug: `0010_add_table_book`. */
export async function nextMigrationName(workspace: string, slug: string): Promise<string> {
  const names = await migrationNames(path.join(workspace, MIGRATIONS_DIR));
  const last = names.at(-1);
  const next = (last ? Number(last.slice(0, 4)) : 0) + 1;
  return `${String(next).padStart(4, '0')}_${slug.replace(/[^a-z0-9_]/g, '_').slice(0, 60)}`;
}

/** A statement as a template literal: multi-line SQL stays readable in the file. */
const templateLiteral = (text: string) =>
  '`' + text.replaceAll('\\', '\\\\').replaceAll('`', '\\`').replaceAll('${', '\\${') + '`';

function migrationSource(summary: string, statements: readonly string[]): string {
  return `import type { Kysely } from 'kysely';
import { sql } from 'kysely';

/** ${summary.replaceAll('*/', '*\\/')} (written by the database tools). */
const statements: string[] = [
${statements.map((statement) => `  ${templateLiteral(statement)},`).join('\n')}
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
`;
}

function indexSource(names: readonly string[]): string {
  const alias = (name: string) => `m${name.slice(0, 4)}`;
  return `import type { Migration } from 'kysely/migration';
${names.map((name) => `import * as ${alias(name)} from './${name}.js';`).join('\n')}

/**
 * Forward-only migrations, in order, by file name. Add a file \`NNNN_name.ts\` and list it here; never
 * edit a landed one. The database tools rewrite this file from the folder when they add a migration.
 */
export const MIGRATIONS: Record<string, Migration> = {
${names.map((name) => `  '${name}': ${alias(name)},`).join('\n')}
};
`;
}

/** Writes a migration holding `statements` and lists it in the index; returns the file's path. */
export async function writeMigration(
  workspace: string,
  name: string,
  summary: string,
  statements: readonly string[],
): Promise<string> {
  const dir = path.join(workspace, MIGRATIONS_DIR);
  const file = path.join(dir, `${name}.ts`);
  await fs.writeFile(file, await formatSource(file, migrationSource(summary, statements)), { flag: 'wx' });
  const index = path.join(dir, 'index.ts');
  await fs.writeFile(index, await formatSource(index, indexSource(await migrationNames(dir))));
  return path.relative(workspace, file);
}
