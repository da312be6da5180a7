import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import { BackupError } from './backup-manifest.js';

/**
 * pg_dump and pg_restore (the PostgreSQL client tools on PATH). The password travels in PGPASSWORD,
 * not on the command line where other users of the machine could read it.
 */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return {
    dbname: parsed.toString(),
    env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
  };
}

/** Runs a client tool; its standard output is answered, a failure is a BackupError with its stderr. */
function run(tool: string, args: string[], env: NodeJS.ProcessEnv): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(tool, args, { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.on('data', (d: Buffer) => (out += d.toString()));
    child.stderr.on('data', (d: Buffer) => (err += d.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${tool} was not found on PATH: install the PostgreSQL client tools ` +
                "(the server's major version or newer, e.g. Debian's postgresql-client)",
            )
          : error,
      ),
    );
    child.on('close', (code) =>
      code === 0 ? resolve(out) : reject(new BackupError(`${tool} failed (exit ${code}): ${err.trim()}`)),
    );
  });
}

/** pg_dump in the custom format (compressed, restorable object by object) into `file`. */
export async function pgDump(url: string, file: string): Promise<void> {
  const { dbname, env } = connection(url);
  await run('pg_dump', ['--format=custom', `--file=${file}`, `--dbname=${dbname}`], env);
}

/**
 * Objects of the archive that belong to the database's set-up rather than to Lintel's data, and
 * that a login of another cluster could not restore: the schema `public` itself (it exists in every
 * new database; its owner and grants are the administrator's), and default privileges, which name
 * the login that ran the migrations (they are re-made for the restoring login: defaultPrivileges).
 */
const SETUP_ENTRY = / (SCHEMA - public|ACL - SCHEMA public|COMMENT - SCHEMA public|DEFAULT ACL) /;

/**
 * pg_restore into an empty database in one transaction (all or nothing), objects owned by the
 * restoring login (--no-owner: the server runs its schema changes as that login); grants, row-level
 * security and policies come back from the archive (the roles must exist: ensureRoles).
 * Answers the default privileges of the archive as statements for the restoring login.
 */
export async function pgRestore(url: string, file: string, workDir: string): Promise<string[]> {
  const { dbname, env } = connection(url);
  const toc = (await run('pg_restore', ['--list', file], env)).split('\n');
  const list = `${workDir}/restore.list`;
  const setupList = `${workDir}/default-acl.list`;
  await fs.writeFile(list, toc.filter((line) => !SETUP_ENTRY.test(line)).join('\n'));
  await fs.writeFile(setupList, toc.filter((line) => / DEFAULT ACL /.test(line)).join('\n'));
  await run(
    'pg_restore',
    [
      '--no-owner',
      '--single-transaction',
      '--exit-on-error',
      `--use-list=${list}`,
      `--dbname=${dbname}`,
      file,
    ],
    env,
  );
  const script = await run('pg_restore', [`--use-list=${setupList}`, '--file=-', file], env);
  return defaultPrivileges(script);
}

/**
 * `ALTER DEFAULT PRIVILEGES FOR ROLE <the old owner> …` made the current login's: the tables the
 * server creates later (the database tools) are granted to the app roles as after the migrations.
 */
export function defaultPrivileges(script: string): string[] {
  return script
    .split('\n')
    .filter((line) => line.startsWith('ALTER DEFAULT PRIVILEGES '))
    .map((line) =>
      line.replace(/^ALTER DEFAULT PRIVILEGES FOR ROLE ("[^"]+"|\S+) /, 'ALTER DEFAULT PRIVILEGES '),
    );
}
