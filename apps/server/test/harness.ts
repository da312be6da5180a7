import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import type { FastifyBaseLogger, LightMyRequestResponse } from 'fastify';
import pg from 'pg';
import { inject } from 'vitest';
import { buildApp, type App } from '../src/app.js';
import { loadConfig, type Config } from '../src/config.js';
import { createRedisCache } from '../src/platform/cache/redis-cache.js';
import { createContext, type AppContext } from '../src/platform/context.js';
import type { DatabaseTarget } from '../src/platform/db/database.js';
import { sm2Encrypt } from './sm2-client.js';
import { DEMO_PASSWORD, SEED_IDS } from '../src/db/seed/demo-data.js';
import type { SmsProvider } from '../src/platform/sms/sms.js';

export { DEMO_PASSWORD, SEED_IDS };

export interface TestApp {
  app: App;
  target: DatabaseTarget;
  redisPrefix: string;
  ctx: AppContext;
  config: Config;
  /** Codes "sent" by SMS, by phone. */
  sms: Map<string, string>;
  encrypt(password: string): string;
  login(
    account: string,
    password?: string,
    tenantId?: string,
  ): Promise<{ accessToken: string; refreshToken: string }>;
  /** GET/POST with an access token; returns the parsed wrapper. */
  call(
    method: 'GET' | 'POST',
    url: string,
    token?: string,
    body?: unknown,
    headers?: Record<string, string>,
  ): Promise<LightMyRequestResponse & { body: string; json(): ApiBody }>;
  close(): Promise<void>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- bodies are checked field by field in tests
export type ApiBody = { code: number; type: string; message: string; result: any; extras: any; time: string };

async function databaseTarget(): Promise<{ target: DatabaseTarget; drop?: () => Promise<void> }> {
  if (process.env.LINTEL_TEST_DB === 'postgres') {
    const url = process.env.TEST_DATABASE_URL!;
    const name = `lintel_t_${randomUUID().replace(/-/g, '').slice(0, 16)}`;
    const admin = new pg.Client({ connectionString: url });
    await admin.connect();
    await admin.query(`create database ${name} template ${inject('pgTemplate')}`);
    await admin.end();
    const target = new URL(url);
    target.pathname = `/${name}`;
    return {
      target: { kind: 'postgres', url: target.toString(), poolSize: 4 },
      drop: async () => {
        const client = new pg.Client({ connectionString: url });
        await client.connect();
        await client.query(`drop database if exists ${name} with (force)`);
        await client.end();
      },
    };
  }
  const tar = await fs.readFile(inject('pgliteTemplate'));
  return { target: { kind: 'pglite', loadDataDir: new Blob([tar]) } };
}

/** A fresh app on a copy of the seeded template. Settings override the test configuration. */
export async function createTestApp(
  settings: Record<string, string> = {},
  share?: TestApp,
  /** Where the app logs (default: the configured level to stdout, silent under test). */
  log?: FastifyBaseLogger,
): Promise<TestApp> {
  const config = loadConfig({ NODE_ENV: 'test', LINTEL_CAPTCHA: 'off', ...settings });
  // A second API process: same PostgreSQL database and Redis namespace as `share`.
  const { target, drop } = share ? { target: share.target, drop: undefined } : await databaseTarget();
  const redisUrl = process.env.LINTEL_TEST_REDIS;
  const prefix = share?.redisPrefix ?? `lintel-test:${randomUUID()}:`;
  const cache = redisUrl ? await createRedisCache(redisUrl, prefix) : undefined;
  const sms = new Map<string, string>();
  const smsProvider: SmsProvider = {
    name: 'test',
    async sendVerificationCode(phone, code) {
      sms.set(phone, code);
    },
  };
  const ctx = await createContext(config, {
    database: target,
    ...(cache ? { cache } : {}),
    ...(log ? { log } : {}),
    sms: smsProvider,
  });
  const app = await buildApp(ctx);
  const encrypt = (password: string) => sm2Encrypt(password, ctx.keys.sm2PublicKey);

  const call: TestApp['call'] = async (method, url, token, body, headers = {}) => {
    const response = await app.inject({
      method,
      url,
      headers: { ...(token ? { authorization: `Bearer ${token}` } : {}), ...headers },
      ...(body !== undefined ? { payload: body as object } : {}),
    });
    return response as LightMyRequestResponse & { json(): ApiBody };
  };

  return {
    app,
    ctx,
    config,
    target,
    redisPrefix: prefix,
    sms,
    encrypt,
    call,
    async login(account, password = DEMO_PASSWORD, tenantId) {
      const response = await call('POST', '/api/sysAuth/login', undefined, {
        account,
        password: encrypt(password),
        ...(tenantId ? { tenantId } : {}),
      });
      const body = response.json();
      if (body.code !== 200)
        throw new Error(`login ${account} failed: ${response.statusCode} ${body.message}`);
      return body.result;
    },
    async close() {
      await app.close();
      // Redis keys of this app carry its own prefix and all expire.
      await ctx.close();
      await drop?.();
    },
  };
}
