import { existsSync } from 'node:fs';
import { configDefaults, defineConfig, type TestProjectInlineConfiguration } from 'vitest/config';

/**
 * One `npm test` runs everything. The server suite runs on the embedded PGlite database, and again
 * on PostgreSQL + Redis when TEST_DATABASE_URL / TEST_REDIS_URL are set. The browser suite needs
 * Debian's Chromium. Under CI (CI=true) a missing service fails the run instead of skipping.
 */
const ci = process.env.CI === 'true';
const pgUrl = process.env.TEST_DATABASE_URL;
const redisUrl = process.env.TEST_REDIS_URL;
const chromium = process.env.LINTEL_CHROMIUM ?? '/usr/bin/chromium';

function require(setting: string, value: string | undefined, suite: string): boolean {
  if (value) return true;
  if (ci) throw new Error(`CI=true but ${setting} is not set: the ${suite} suite cannot be skipped under CI`);
  console.warn(`[lintel] ${suite} suite skipped: ${setting} is not set`);
  return false;
}

const serverProject = (
  name: string,
  env: Record<string, string>,
  exclude: string[] = [],
): TestProjectInlineConfiguration => ({
  test: {
    name,
    root: 'apps/server',
    include: ['src/**/*.test.ts', 'test/**/*.test.ts'],
    exclude: [...configDefaults.exclude, ...exclude],
    globalSetup: ['test/global-setup.ts'],
    // One module graph per worker, not per file: importing the server (~700 routes) took ~4 s per
    // file, a third of the suite's time. Server code keeps no state between apps but what each
    // test's own app holds (ids stay unique across a fake clock put back: platform/db/ids.ts).
    isolate: false,
    env: { NODE_ENV: 'test', ...env },
    testTimeout: 30_000,
    hookTimeout: 60_000,
  },
});

const projects: TestProjectInlineConfiguration[] = [
  { test: { name: 'contracts', root: 'packages/contracts', include: ['src/**/*.test.ts'] } },
  serverProject('server:pglite', { LINTEL_TEST_DB: 'pglite' }),
  {
    test: {
      name: 'web',
      root: 'apps/web',
      environment: 'happy-dom',
      include: ['src/**/*.test.{ts,tsx}'],
      setupFiles: ['src/test/setup.ts'],
      testTimeout: 20_000,
    },
  },
];

const withPg = require('TEST_DATABASE_URL', pgUrl, 'PostgreSQL');
const withRedis = require('TEST_REDIS_URL', redisUrl, 'Redis');
if (withPg) {
  projects.push(
    serverProject(
      'server:postgres',
      {
        LINTEL_TEST_DB: 'postgres',
        TEST_DATABASE_URL: pgUrl!,
        ...(withRedis ? { LINTEL_TEST_REDIS: redisUrl! } : {}),
      },
      // Suites about the HTTP layer and pure logic run once, on PGlite: it is the same PostgreSQL
      // engine (types, parser, errors, row-level security), and running them twice cost minutes of
      // CI. PostgreSQL runs everything that touches the server's own behaviour: roles and secrets,
      // Redis (sessions, limits, cache, realtime), tenant databases, every module's data rules.
      [
        'test/attack/bad-input.test.ts',
        'test/attack/bad-input-sweep.test.ts',
        'test/attack/escalation-sweep.test.ts',
        'test/attack/cross-tenant-sweep.test.ts',
        'test/attack/escalation.test.ts',
        'test/attack/field-blacklist-catalog.test.ts',
        'test/attack/api-blacklist-buttons.test.ts',
        'test/attack/oauth-takeover.test.ts',
        'test/attack/security-headers.test.ts',
        'test/admin-net-contract.test.ts',
        // Every write route's operation-log entry: the hook and the log writer are the same code on
        // both engines (the log's own rules, chaining included, run on PostgreSQL in sys-log).
        'test/op-log-coverage.test.ts',
        'test/wire-fidelity.test.ts',
        // Start-up refusals of a bad embedded data folder: PGlite's alone.
        'test/faults/embedded-data-dir.test.ts',
        'src/config.test.ts',
        'src/platform/http/**',
        'src/platform/i18n/**',
        'src/platform/export/cell-formats.test.ts',
        'src/platform/cache/count-cache.test.ts',
        // The Redis circuit against a Redis of its own: no database involved.
        'src/platform/cache/redis-cache.test.ts',
        'src/platform/logs/log-rules.test.ts',
        'src/modules/swagger/**',
        'src/modules/sys-auth/slider/**',
        'src/modules/sys-auth/qr/qr-svg.test.ts',
        'src/modules/sys-menu/menu-links.test.ts',
        // The sample deployment's files are linted, not run: no database at all.
        'test/deploy-files.test.ts',
        // The generator's proof checks generated code in a copy of the repository, on PGlite.
        'test/generator-proof.test.ts',
        'src/modules/sys-code-gen/new-module.test.ts',
        'src/modules/**/*.policy.test.ts',
        'src/modules/sys-notice/notice-html.test.ts',
        'src/modules/sys-region/region-pinyin.test.ts',
        // Storage adapters and their settings touch no database (S3 against s3rver, on PGlite's run).
        'src/platform/files/s3-storage.test.ts',
        'src/platform/files/storage-config.test.ts',
        // Pure logic and adapters against local fake servers: no database, nothing of Redis.
        'src/platform/ai/**',
        'src/platform/crypto/**',
        'src/platform/audit/diff.test.ts',
        'src/platform/auth/tokens.test.ts',
        'src/platform/export/row-export.test.ts',
        'src/platform/permission/grant-policy.test.ts',
        'src/platform/db/ids.test.ts',
        'src/modules/sys-auth/captcha.test.ts',
        'src/modules/stu-workflow/answer-tail.test.ts',
        'src/modules/ai-chat/chat-history.test.ts',
        'src/modules/sys-report/report-sql.test.ts',
        'src/modules/sys-ldap/ldap-sync.test.ts',
        'src/modules/sys-ldap/ldap-directory.test.ts',
        'src/modules/approval-flow/flow-graph.test.ts',
        // Issue 13's tools whose rules live in the server, not in the database engine or Redis: the
        // serial numbers (row locks), reports (the report role) and open access (nonces in Redis)
        // run on PostgreSQL too.
        'src/modules/sys-form/**',
        'src/modules/sys-print/**',
        'src/modules/sys-plugin/**',
        'src/modules/sys-mqtt/**',
        'src/modules/sys-upgrade/**',
        'src/modules/sys-common/**',
        'src/modules/swagger/swagger-session.test.ts',
        'src/modules/sys-user/user-picker.test.ts',
        // WeChat Pay against a local APIv3 server: protocol and rules, no engine-specific SQL.
        'src/modules/sys-wechat-pay/**',
      ],
    ),
  );
} else if (withRedis) {
  projects.push(serverProject('server:redis', { LINTEL_TEST_DB: 'pglite', LINTEL_TEST_REDIS: redisUrl! }));
}

if (existsSync(chromium)) {
  projects.push({
    test: {
      name: 'e2e',
      root: 'e2e',
      include: ['src/**/*.test.ts'],
      globalSetup: ['src/global-setup.ts'],
      env: { LINTEL_CHROMIUM: chromium },
      testTimeout: 60_000,
      hookTimeout: 120_000,
      // expect.poll waits 1 s by default: a chart or a lazy page takes longer under CI's load, and a
      // poll that gives up early is a false failure (the map demo's was one).
      expect: { poll: { timeout: 10_000 } },
      fileParallelism: false,
    },
  });
} else if (ci) {
  throw new Error(
    `CI=true but Chromium is missing at ${chromium}: the browser suite cannot be skipped under CI`,
  );
} else {
  console.warn(`[lintel] browser suite skipped: no Chromium at ${chromium} (apt-get install -y chromium)`);
}

/**
 * A module still loading when its test file ends (a page's lazy import racing another import of the
 * same antd module, on a slow machine) is reported as EnvironmentTeardownError after every test of
 * the file has passed. It cannot change a result, so it is noted instead of failing the run; any
 * other unhandled error still fails it.
 */
function onUnhandledError(error: { name?: string; message?: string; stack?: string }): boolean | void {
  // The same race from React's side: its scheduler runs work queued by an antd toast's timer after
  // the DOM environment of a finished web test file is gone, and finds no `window`.
  const lateReact =
    error.name === 'ReferenceError' &&
    error.message === 'window is not defined' &&
    (!error.stack || error.stack.includes('scheduler'));
  if (error.name !== 'EnvironmentTeardownError' && !lateReact) return;
  console.warn(`[lintel] ignored after teardown: ${error.message?.split('\n')[0]}`);
  return false;
}

/**
 * `npm test` (tools/run-tests.mjs) runs the browser suite and the rest in two processes side by side:
 * LINTEL_SUITES=browser keeps the browser suite only, `rest` everything else; unset, all of them.
 */
const suites = process.env.LINTEL_SUITES;
const selected = projects.filter((p) =>
  suites === 'browser' ? p.test?.name === 'e2e' : suites === 'rest' ? p.test?.name !== 'e2e' : true,
);

export default defineConfig({ test: { projects: selected, onUnhandledError } });
