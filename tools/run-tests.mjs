#!/usr/bin/env node
// `npm test`: every suite, as `vitest run` would run them, in two processes side by side.
//
// Vitest runs a project without file parallelism (the browser suite: one product instance, one
// browser, files in a row) in a group of its own after every other group, one worker busy and the
// other cores idle. The browser suite mostly waits on Chromium and the other suites mostly compute,
// so here they run at the same time: one vitest for the browser suite, one for the rest
// (vitest.config.ts reads LINTEL_SUITES). Arguments go to a single plain `vitest run` instead.
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';

const vitest = (args, env = {}) =>
  new Promise((resolve) => {
    const child = spawn('npx', ['vitest', 'run', ...args], {
      stdio: 'inherit',
      env: { ...process.env, ...env },
    });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const args = process.argv.slice(2);
const chromium = process.env.LINTEL_CHROMIUM ?? '/usr/bin/chromium';
let status;
if (args.length > 0 || !existsSync(chromium)) {
  status = await vitest(args);
} else {
  const codes = await Promise.all([
    vitest([], { LINTEL_SUITES: 'browser' }),
    // Two workers for the rest: with the browser suite beside them, three streams keep both cores
    // busy while any one of them waits on the database or the browser.
    vitest(['--maxWorkers=2'], { LINTEL_SUITES: 'rest' }),
  ]);
  status = codes.find((code) => code !== 0) ?? 0;
}
process.exit(status);
