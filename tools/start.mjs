#!/usr/bin/env node
// `npm start`: builds the web app and the server only when their sources changed since the last
// build (tools/builds.mjs: a web build takes a minute on a small machine, a restart should take
// seconds), then runs the compiled server, `node apps/server/dist/main.js` (`npm run dev` keeps tsx,
// which reloads on edits). Ctrl-C reaches the server, which shuts down cleanly (a second signal
// changes nothing).
import { spawn } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildIfChanged, SERVER, WEB_APP } from './builds.mjs';

const root = fileURLToPath(new URL('..', import.meta.url));
try {
  for (const target of [WEB_APP, SERVER]) await buildIfChanged(target);
} catch (error) {
  console.error(error instanceof Error ? error.message : String(error));
  process.exit(1);
}

// Node itself (not through npm and a shell): it passes the signals below on to the server. The
// working directory stays where `npm start` ran (INIT_CWD, which the server reads for DATA_DIR).
const server = spawn(process.execPath, [path.join(root, SERVER.output, 'main.js')], { stdio: 'inherit' });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
