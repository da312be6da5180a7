import { execFile } from 'node:child_process';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/**
 * A scratch copy of the repository at `repo`: its sources (tracked and new files, not ignored ones),
 * with a node_modules that links to the repository's packages, except its own workspace packages
 * (linked to the copy's) and the type checker's cache: copied, so the copy's `tsc -b` rechecks only
 * what changed there (tsc compares file contents; CI's type check has just filled it). The code generator's
 * proofs write a module into such a copy, so the repository itself is never touched.
 */
export async function copyRepository(repo, prefix = 'lintel-copy-') {
  const copy = await fs.mkdtemp(path.join(os.tmpdir(), prefix));
  const { stdout } = await run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], {
    cwd: repo,
    maxBuffer: 64 * 1024 * 1024,
  });
  const files = stdout.split('\0').filter(Boolean);
  await Promise.all(
    files.map(async (file) => {
      const from = path.join(repo, file);
      const stat = await fs.lstat(from).catch(() => null);
      if (!stat?.isFile()) return;
      await fs.mkdir(path.dirname(path.join(copy, file)), { recursive: true });
      await fs.copyFile(from, path.join(copy, file));
    }),
  );
  const modules = path.join(copy, 'node_modules');
  await fs.mkdir(modules);
  const tscCache = path.join(repo, 'node_modules/.cache/tsc');
  if (await fs.stat(tscCache).catch(() => null))
    await fs.cp(tscCache, path.join(modules, '.cache/tsc'), { recursive: true });
  for (const entry of await fs.readdir(path.join(repo, 'node_modules'))) {
    if (entry === '.cache') continue;
    if (entry === '@lintel') {
      await fs.mkdir(path.join(modules, entry));
      for (const pkg of await fs.readdir(path.join(repo, 'node_modules', entry))) {
        const target = await fs.realpath(path.join(repo, 'node_modules', entry, pkg));
        await fs.symlink(path.join(copy, path.relative(repo, target)), path.join(modules, entry, pkg));
      }
      continue;
    }
    await fs.symlink(path.join(repo, 'node_modules', entry), path.join(modules, entry));
  }
  // A workspace's own node_modules holds the versions the root cannot (apps/server's ajv 8 beside
  // ESLint's ajv 6 at the root): linked too, so the copy resolves packages as the repository does.
  const workspaces = ['e2e'];
  for (const group of ['apps', 'packages']) {
    for (const name of await fs.readdir(path.join(repo, group)).catch(() => []))
      workspaces.push(path.join(group, name));
  }
  for (const workspace of workspaces) {
    const own = path.join(repo, workspace, 'node_modules');
    const stat = await fs.lstat(own).catch(() => null);
    if (!stat?.isDirectory()) continue;
    await fs.mkdir(path.join(copy, workspace), { recursive: true });
    await fs.symlink(own, path.join(copy, workspace, 'node_modules'));
  }
  return copy;
}
