import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { buildApp } from '@lintel/server/src/app.js';
import { loadConfig } from '@lintel/server/src/config.js';
import { DEMO_PASSWORD } from '@lintel/server/src/db/seed/demo-data.js';
import { seed } from '@lintel/server/src/db/seed/index.js';
import { createContext } from '@lintel/server/src/platform/context.js';
import { sm2Encrypt } from '@lintel/server/test/sm2-client.js';
import type { DatabaseTarget } from '@lintel/server/src/platform/db/database.js';
import { createBenchDatabase } from './postgres.js';
import { createBenchRedisCache } from './redis.js';
import type { Served } from './served.js';

export type DbKind = 'pglite' | 'postgres';

export interface LintelServer extends Served {
  db: DbKind;
  /** What the run used, for the report (e.g. "PostgreSQL + Redis"). */
  label: string;
  /** Access token of the seeded `admin` account. */
  adminToken: string;
  /** JSON body of an `admin` sign-in, the password SM2-encrypted once with the server's key. */
  loginBody: string;
  /** The bench database (db: 'postgres'), for seeders and bare-SQL baselines. */
  databaseUrl?: string;
  /** The server's SM2 public key, for signing in other accounts. */
  publicKey: string;
}

export interface LintelOptions {
  db: DbKind;
  /** PostgreSQL server to create the bench database on (db: 'postgres'). */
  postgresUrl?: string;
  redisUrl?: string;
  /** More server settings (environment names), e.g. ALLOW_PRIVATE_HOSTS for a local model server. */
  settings?: Record<string, string>;
}

export async function signIn(url: string, body: string): Promise<string> {
  const response = await fetch(`${url}/api/sysAuth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'x-forwarded-for': '192.0.2.1' },
    body,
  });
  const text = await response.text();
  if (!response.ok) throw new Error(`admin sign-in failed: HTTP ${response.status} ${text.slice(0, 300)}`);
  const token = (JSON.parse(text) as { result?: { accessToken?: string } }).result?.accessToken;
  if (!token) throw new Error(`admin sign-in returned no access token: ${text.slice(0, 300)}`);
  return token;
}

/**
 * Lintel on a fresh, seeded database: PGlite in a temporary folder, or a new PostgreSQL database
 * (with the Redis cache when a Redis URL is given). Logging is silenced (NODE_ENV=test).
 */
export async function startLintel(options: LintelOptions): Promise<LintelServer> {
  const cleanups: (() => Promise<void>)[] = [];
  const cleanup = async () => {
    for (const step of cleanups.reverse()) await step();
  };
  try {
    const tmp = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-bench-'));
    cleanups.push(() => fs.rm(tmp, { recursive: true, force: true }));
    // TRUST_PROXY: the load generator plays many clients through X-Forwarded-For.
    const config = loadConfig({
      NODE_ENV: 'test',
      LINTEL_CAPTCHA: 'off',
      DATA_DIR: tmp,
      TRUST_PROXY: 'true',
      ...options.settings,
    });

    let target: DatabaseTarget = { kind: 'pglite', dataDir: path.join(tmp, 'db') };
    let databaseUrl: string | undefined;
    if (options.db === 'postgres') {
      if (!options.postgresUrl) throw new Error('db "postgres" needs a PostgreSQL URL');
      const database = await createBenchDatabase(options.postgresUrl);
      // BENCH_KEEP_DB=1 leaves the database for EXPLAIN and friends after the run.
      if (!process.env.BENCH_KEEP_DB) cleanups.push(database.drop);
      target = { kind: 'postgres', url: database.url };
      databaseUrl = database.url;
    }
    const redis =
      options.db === 'postgres' && options.redisUrl
        ? await createBenchRedisCache(options.redisUrl)
        : undefined;
    const cache = redis?.cache;
    // Runs after the context has closed the cache's own connection.
    if (redis) cleanups.push(redis.removeKeys);

    // Closing the context closes the cache too.
    const ctx = await createContext(config, {
      database: target,
      guardNesting: false,
      ...(cache ? { cache } : {}),
    }).catch(async (error: unknown) => {
      await cache?.close();
      throw error;
    });
    cleanups.push(() => ctx.close());
    await seed(ctx.db, config);
    const app = await buildApp(ctx);
    cleanups.push(() => app.close());
    const url = await app.listen({ host: '127.0.0.1', port: 0 });

    const loginBody = JSON.stringify({
      account: 'admin',
      password: sm2Encrypt(DEMO_PASSWORD, ctx.keys.sm2PublicKey),
    });
    const adminToken = await signIn(url, loginBody);
    const label =
      options.db === 'pglite'
        ? 'PGlite (embedded), memory cache'
        : `PostgreSQL, ${cache ? 'Redis' : 'memory'} cache`;
    return {
      db: options.db,
      label,
      url,
      adminToken,
      loginBody,
      ...(databaseUrl ? { databaseUrl } : {}),
      publicKey: ctx.keys.sm2PublicKey,
      close: cleanup,
    };
  } catch (error) {
    await cleanup();
    throw error;
  }
}
