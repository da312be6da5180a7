import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  privatePostgresAvailable,
  startPrivatePostgres,
  type PrivatePostgres,
} from '../processes/private-postgres.js';
import { freePort, signIn, startServer, waitUntil, type ServerProcess } from '../processes/server-process.js';
import { backendGone, call, grant, holdGrant, menuIds, ROLE, roleMenus, type Answer } from './held-grant.js';

/**
 * PostgreSQL restarted, stopped and started again, and a backend terminated, under a running API
 * process (issue 15, faults): requests fail fast with 503 and a message in the caller's language,
 * /health/ready names the database, the same process serves again once PostgreSQL is back, and a
 * write cut mid-way leaves none of its rows. On a cluster of the test's own: the shared server
 * must not restart under the other suites.
 */
const ready = process.env.LINTEL_TEST_DB === 'postgres' && privatePostgresAvailable('PostgreSQL fault suite');
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
/** The client's patience the answers must stay well inside, down or not. */
const FAST_MS = 3_000;

describe.skipIf(!ready)('PostgreSQL restarted under a running server', () => {
  let cluster: PrivatePostgres;
  let server: ServerProcess;
  let token: string;
  let menus: string[];
  const read = () => call(server.base, token, `/api/sysRole/ownMenuList?id=${ROLE}`);

  /** Three clients reading in a loop, one of them granting now and then, until stopped. */
  function underLoad() {
    const answers: Answer[] = [];
    let running = true;
    const loops = [0, 1, 2].map(async (worker) => {
      for (let i = 0; running; i++) {
        answers.push(await (worker === 0 && i % 4 === 3 ? grant(server.base, token, menus) : read()));
        await sleep(50);
      }
    });
    return {
      answers,
      async stop() {
        running = false;
        await Promise.all(loops);
        return answers;
      },
    };
  }

  /** Every answer was a success or a fast 503 with the database's message: no 500, no hang. */
  function expectFastAndClear(answers: Answer[]) {
    const unexpected = answers.filter(
      (a) =>
        a.ms > FAST_MS ||
        !(a.status === 200 || (a.status === 503 && a.message.startsWith('The database cannot be reached'))),
    );
    expect(unexpected, server.output()).toEqual([]);
  }

  beforeAll(async () => {
    cluster = await startPrivatePostgres();
    const port = await freePort();
    server = startServer({
      DATABASE_URL: cluster.url(),
      PORT: String(port),
      LINTEL_CAPTCHA: 'off',
    });
    await server.ready();
    token = (await signIn(server.base, 'superAdmin')).accessToken;
    menus = await menuIds(cluster, 12);
    expect((await grant(server.base, token, menus)).status).toBe(200);
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await cluster?.cleanup();
  });

  it('rolls back a multi-row write whose backend is terminated mid-way, and answers it 503', async () => {
    const before = await roleMenus(cluster);
    expect(before).toHaveLength(12);
    const held = await holdGrant(cluster, server.base, token, await menuIds(cluster, 60));
    await cluster.query('select pg_terminate_backend($1)', [held.pid]);
    const answer = await held.answer;
    await held.release();
    await backendGone(cluster, held.pid);
    expect(answer.status, answer.message).toBe(503);
    expect(await roleMenus(cluster)).toEqual(before);
    expect((await read()).status).toBe(200);
  });

  it('keeps serving through pg_ctl restart -m fast: fast 503s at most, then successes', async () => {
    const load = underLoad();
    await sleep(600);
    await cluster.restart('fast');
    await sleep(1500);
    const answers = await load.stop();
    expectFastAndClear(answers);
    expect(answers.at(-1)!.status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  });

  it('answers 503 fast while PostgreSQL is stopped, says so in /health/ready, and recovers', async () => {
    const load = underLoad();
    await sleep(600);
    await cluster.stop('fast');
    await sleep(1000);

    const health = await fetch(`${server.base}/health/ready`);
    expect(health.status).toBe(503);
    expect(await health.json()).toMatchObject({ status: 'unavailable', database: 'down' });
    const chinese = await call(server.base, token, `/api/sysRole/ownMenuList?id=${ROLE}`, undefined, {
      'accept-language': 'zh-CN',
    });
    expect(chinese.status).toBe(503);
    expect(chinese.message).toMatch(/^暂时无法连接数据库/);
    expect(chinese.ms).toBeLessThan(FAST_MS);
    await sleep(1500);

    await cluster.start();
    const back = Date.now();
    await waitUntil(async () => (await read()).status === 200, 10_000, 'a success after the start');
    const recoveredMs = Date.now() - back;
    await sleep(500);
    const answers = await load.stop();
    expectFastAndClear(answers);
    expect(answers.filter((a) => a.status === 503).length).toBeGreaterThan(5);
    expect(answers.at(-1)!.status).toBe(200);
    expect(recoveredMs).toBeLessThan(5_000);
    expect((await fetch(`${server.base}/health/ready`)).status).toBe(200);
    expect((await grant(server.base, token, menus)).status).toBe(200);
    expect(server.child.exitCode).toBeNull();
  }, 60_000);
});
