import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';

let t: TestApp;
let superToken: string;
let adminToken: string;

const call = (path: string, body?: unknown, token = superToken, headers?: Record<string, string>) =>
  t.call(body === undefined ? 'GET' : 'POST', `/api/sysJob/${path}`, token, body, headers);

beforeAll(async () => {
  t = await createTestApp();
  // The built-in jobs appear on the engine's first start (and on later starts of existing installs).
  await t.app.jobs.seed();
  await t.app.jobs.seed();
  superToken = (await t.login('superAdmin')).accessToken;
  adminToken = (await t.login('admin')).accessToken;
});
afterAll(() => t?.close());

describe('sysJob', () => {
  it('lists the built-in jobs once each, with their triggers, and refuses to delete them', async () => {
    const page = (await call('pageJobDetail', { pageSize: 50 })).json().result;
    const builtIn = page.items.filter((j: { builtIn: boolean }) => j.builtIn);
    expect(builtIn.map((j: { jobId: string }) => j.jobId).sort()).toEqual([
      'job_ldap_sync',
      'job_log_retention',
      'job_online_cleanup',
      'job_token_cleanup',
    ]);
    const online = builtIn.find((j: { jobId: string }) => j.jobId === 'job_online_cleanup');
    expect(online.triggers).toHaveLength(1);
    expect(online.triggers[0]).toMatchObject({ kind: 'interval', intervalMs: 60000, status: 'ready' });
    expect(Date.parse(online.triggers[0].nextRunTime)).toBeGreaterThan(Date.now());

    const refused = await call('deleteJobDetail', { jobId: 'job_log_retention' }, superToken, {
      'accept-language': 'en',
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toContain('cannot be deleted');
    const trigger = await call('deleteJobTrigger', {
      jobId: 'job_log_retention',
      triggerId: 'trigger_log_retention',
    });
    expect(trigger.statusCode).toBe(400);
    const types = (await call('jobTypeList')).json().result.map((h: { name: string }) => h.name);
    expect(types).toEqual(
      expect.arrayContaining(['logRetention', 'expiredTokenCleanup', 'onlineUserCleanup']),
    );
  });

  it('refuses a bad cron expression or interval with a localized 400, and previews a good one', async () => {
    expect(
      (
        await call('addJobDetail', { jobId: 'cron_job', jobType: 'onlineUserCleanup', groupName: 'ops' })
      ).json().code,
    ).toBe(200);
    const bad = await call(
      'addJobTrigger',
      { jobId: 'cron_job', triggerId: 'cron_t', kind: 'cron', expression: '61 * * * * *' },
      superToken,
      {
        'accept-language': 'zh-CN',
      },
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toContain('Cron');
    expect(bad.json().message).toContain('61 * * * * *');
    const noInterval = await call(
      'addJobTrigger',
      { jobId: 'cron_job', triggerId: 'cron_t', kind: 'interval', intervalMs: null },
      superToken,
      {
        'accept-language': 'en',
      },
    );
    expect(noInterval.statusCode).toBe(400);
    expect(noInterval.json().message).toContain('at least one second');
    const tooShort = await call('addJobTrigger', {
      jobId: 'cron_job',
      triggerId: 'cron_t',
      kind: 'interval',
      intervalMs: 10,
    });
    expect(tooShort.statusCode).toBe(400);

    const good = await call('addJobTrigger', {
      jobId: 'cron_job',
      triggerId: 'cron_t',
      kind: 'cron',
      expression: '0 */5 * * * *',
    });
    expect(good.json().code).toBe(200);
    const [trigger] = (await call('jobTriggerList?jobId=cron_job')).json().result;
    expect(new Date(trigger.nextRunTime).getUTCSeconds()).toBe(0);
    expect(new Date(trigger.nextRunTime).getUTCMinutes() % 5).toBe(0);

    const preview = (await call('cronPreview?expression=' + encodeURIComponent('*/10 * * * * *'))).json()
      .result;
    expect(preview).toHaveLength(5);
    expect(Date.parse(preview[1]) - Date.parse(preview[0])).toBe(10_000);
    expect((await call('cronPreview?expression=nonsense')).statusCode).toBe(400);
    expect((await call('listJobGroup', {})).json().result).toEqual(
      expect.arrayContaining(['ops', 'platform']),
    );
  });

  it('checks an HTTP job: a path of this server or a public host, never a private address', async () => {
    const privateHost = await call(
      'addJobDetail',
      {
        jobId: 'http_private',
        jobType: 'http',
        createType: 2,
        httpUrl: 'http://169.254.169.254/latest/meta-data/',
      },
      superToken,
      { 'accept-language': 'en' },
    );
    expect(privateHost.statusCode).toBe(400);
    expect(privateHost.json().message).toContain('169.254.169.254');
    const scheme = await call('addJobDetail', {
      jobId: 'http_bad',
      jobType: 'http',
      createType: 2,
      httpUrl: 'file:///etc/passwd',
    });
    expect(scheme.statusCode).toBe(400);
    const missing = await call('addJobDetail', { jobId: 'http_bad', jobType: 'http', createType: 2 });
    expect(missing.statusCode).toBe(400);
    const unknown = await call('addJobDetail', { jobId: 'no_handler', jobType: 'mineBitcoin' });
    expect(unknown.statusCode).toBe(400);

    const saved = await call('addJobDetail', {
      jobId: 'http_self',
      jobType: 'http',
      createType: 2,
      httpMethod: 'GET',
      httpUrl: '/api/sysAuth/captcha',
      httpHeaders: { 'x-from': 'job' },
      httpTimeoutMs: 5000,
    });
    expect(saved.json().code).toBe(200);
    const page = (await call('pageJobDetail', { jobId: 'http_self' })).json().result;
    expect(page.items[0]).toMatchObject({
      createType: 2,
      jobType: 'http',
      http: {
        method: 'GET',
        url: '/api/sysAuth/captcha',
        headers: { 'x-from': 'job' },
        body: null,
        timeoutMs: 5000,
      },
    });
    expect((await call('addJobDetail', { jobId: 'http_self', jobType: 'logRetention' })).statusCode).toBe(
      400,
    );
  });

  it('pauses and starts one trigger, and all of them', async () => {
    await call('addJobDetail', { jobId: 'switch_job', jobType: 'onlineUserCleanup' });
    await call('addJobTrigger', {
      jobId: 'switch_job',
      triggerId: 'switch_t',
      kind: 'interval',
      intervalMs: 3_600_000,
    });
    const status = async () => (await call('jobTriggerList?jobId=switch_job')).json().result[0].status;
    await call('pauseTrigger', { jobId: 'switch_job', triggerId: 'switch_t' });
    expect(await status()).toBe('paused');
    await call('startTrigger', { jobId: 'switch_job', triggerId: 'switch_t' });
    expect(await status()).toBe('ready');
    await call('pauseAllJob', {});
    expect(await status()).toBe('paused');
    const all = (await call('pageJobDetail', { pageSize: 100 }))
      .json()
      .result.items.flatMap((j: { triggers: { status: string }[] }) => j.triggers);
    expect(all.every((tr: { status: string }) => tr.status !== 'ready')).toBe(true);
    await call('startAllJob', {});
    expect(await status()).toBe('ready');
    expect((await call('pauseTrigger', { jobId: 'switch_job', triggerId: 'nope' })).statusCode).toBe(404);
  });

  it('deletes a job with its triggers and records', async () => {
    await call('addJobDetail', { jobId: 'gone_job', jobType: 'expiredTokenCleanup' });
    await call('addJobTrigger', {
      jobId: 'gone_job',
      triggerId: 'gone_t',
      kind: 'once',
      runAt: new Date(Date.now() + 3_600_000).toISOString(),
    });
    await call('runJob', { jobId: 'gone_job' });
    await t.app.jobs.idle();
    const records = (await call('pageJobTriggerRecord', { jobId: 'gone_job' })).json().result;
    expect(records.items[0]).toMatchObject({ status: 'succeeded', triggerId: null });
    expect(records.items[0].result).toContain('expired token families');
    expect((await call('deleteJobDetail', { jobId: 'gone_job' })).json().code).toBe(200);
    expect((await call('jobTriggerList?jobId=gone_job')).json().result).toEqual([]);
    expect((await call('pageJobTriggerRecord', { jobId: 'gone_job' })).json().result.total).toBe(0);
  });

  it('is the super admin\u2019s: a tenant admin is refused', async () => {
    expect((await call('pageJobDetail', {}, adminToken)).statusCode).toBe(403);
    expect((await call('dashboard', undefined, adminToken)).statusCode).toBe(403);
  });

  it('serves the dashboard page with no inline script, framed only by this site', async () => {
    const page = await t.app.inject({
      method: 'GET',
      url: '/schedule',
      headers: { 'accept-language': 'zh-CN' },
    });
    expect(page.statusCode).toBe(200);
    expect(page.body).toContain('任务看板');
    expect(page.body).toContain('<script src="/schedule/dashboard.js"></script>');
    expect(page.body).not.toMatch(/<script>(?!<\/script>)/);
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'self'");
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    // The web app's language choice, passed by the page's script, wins over the browser's.
    const japanese = await t.app.inject({
      method: 'GET',
      url: '/schedule?lang=ja',
      headers: { 'accept-language': 'en' },
    });
    expect(japanese.body).toContain('ジョブダッシュボード');
    expect(japanese.body).toContain('<html lang="ja"');
    const script = await t.app.inject({ method: 'GET', url: '/schedule/dashboard.js' });
    expect(script.headers['content-type']).toContain('javascript');
    expect(script.body).toContain('/api/sysJob/dashboard');
  });
});
