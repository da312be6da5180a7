import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { loadConfig } from '../src/config.js';
import { seed } from '../src/db/seed/index.js';
import { openDatabase } from '../src/platform/db/database.js';

declare module 'vitest' {
  export interface ProvidedContext {
    pgliteTemplate: string;
    pgTemplate: string;
  }
}

/**
 * Builds one migrated and seeded template per run, so each test file starts from a copy in well
 * under a second: a PGlite data-folder dump, or a PostgreSQL template database.
 */
export default async function setup(project: TestProject) {
  const config = loadConfig({ NODE_ENV: 'test' });
  // The project's `env` reaches test workers, not this process: read it from the project.
  const env = { ...process.env, ...(project.config.env as Record<string, string>) };
  const kind = env.LINTEL_TEST_DB ?? 'pglite';
  if (kind === 'postgres') {
    const url = env.TEST_DATABASE_URL!;
    const name = `lintel_tpl_${process.pid}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`drop database if exists ${name}`);
    await admin.query(`create database ${name}`);
    const target = new URL(url);
    target.pathname = `/${name}`;
    const db = await openDatabase({ kind: 'postgres', url: target.toString(), poolSize: 2 });
    await seed(db, config);
    await db.close();
    project.provide('pgTemplate', name);
    return async () => {
      await admin.query(`drop database if exists ${name} with (force)`);
      await admin.end();
    };
  }
  const db = await openDatabase({ kind: 'pglite' });
  await seed(db, config);
  const dump = await db.pglite!.dumpDataDir('none');
  await db.close();
  const file = path.join(os.tmpdir(), `lintel-template-${process.pid}.tar`);
  await fs.writeFile(file, Buffer.from(await dump.arrayBuffer()));
  project.provide('pgliteTemplate', file);
  return async () => {
    await fs.rm(file, { force: true });
  };
}
