import { randomUUID } from 'node:crypto';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type App } from '../../src/app.js';
import { loadConfig } from '../../src/config.js';
import { seed } from '../../src/db/seed/index.js';
import { createContext, type AppContext } from '../../src/platform/context.js';
import { createTestApp, type TestApp } from '../harness.js';

/**
 * Issue 8, "Also": the app role could read the key table (JWT secret, SM2 private key), so any SQL
 * a request runs could too. Only the keys role reads it now, and row-level security hides it from
 * the table owner, which is what a connection falls back to after RESET ROLE.
 */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const denied = /permission denied/;

describe('the server secrets', () => {
  it('are out of reach of the app role and the platform role', async () => {
    await expect(t.ctx.db.global.selectFrom('sysKey').selectAll().execute()).rejects.toThrow(denied);
    await expect(t.ctx.db.platform((trx) => trx.selectFrom('sysKey').selectAll().execute())).rejects.toThrow(
      denied,
    );
    await expect(
      t.ctx.db.tenant('1300000000001', (trx) => trx.selectFrom('sysKey').selectAll().execute()),
    ).rejects.toThrow(denied);
  });

  it('are read by the keys role, which the start-up takes for that one read', async () => {
    const names = await t.ctx.db.secrets((trx) => trx.selectFrom('sysKey').select('name').execute());
    expect(names.map((r) => r.name).sort()).toEqual(['data_key', 'jwt_secret', 'sm2_private', 'sm2_public']);
    expect(t.ctx.keys.jwtSecret.length).toBeGreaterThan(40);
  });
});

/**
 * Production connects as a login role that is neither superuser nor BYPASSRLS and holds the
 * NOLOGIN roles (README "Production database"). RESET ROLE then lands on that login role: the owner
 * of the tables, which row-level security (FORCE'd) keeps away from tenant rows and from the keys.
 */
describe.runIf(process.env.LINTEL_TEST_DB === 'postgres')('a production login role', () => {
  const url = process.env.TEST_DATABASE_URL!;
  const suffix = randomUUID().replace(/-/g, '').slice(0, 12);
  const role = `lintel_login_${suffix}`;
  const database = `lintel_prod_${suffix}`;
  const admin = () => new pg.Client({ connectionString: url });
  let ctx: AppContext | undefined;
  let app: App | undefined;

  const as = (password: string) => {
    const target = new URL(url);
    target.username = role;
    target.password = password;
    target.pathname = `/${database}`;
    return target.toString();
  };

  afterAll(async () => {
    await app?.close();
    await ctx?.close();
    const client = admin();
    await client.connect();
    await client.query(`drop database if exists ${database} with (force)`);
    await client.query(`drop role if exists ${role}`);
    await client.end();
  });

  it('starts the product, and RESET ROLE reads neither tenant rows nor keys', async () => {
    const password = randomUUID();
    const client = admin();
    await client.connect();
    // The documented set-up (the NOLOGIN roles exist cluster-wide once any Lintel has started).
    await client.query(`create role ${role} login noinherit password '${password}'`);
    await client.query(`grant lintel_app, lintel_platform, lintel_keys, lintel_report to ${role}`);
    await client.query(`create database ${database} owner ${role}`);
    await client.end();
    const inDatabase = new pg.Client({ connectionString: url.replace(/\/[^/]*$/, `/${database}`) });
    await inDatabase.connect();
    await inDatabase.query(`grant usage, create on schema public to ${role}`);
    await inDatabase.end();

    // Production mode: start-up refuses a superuser connection, and this one is accepted.
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: as(password) });
    ctx = await createContext(config, { database: { kind: 'postgres', url: as(password), poolSize: 2 } });
    await seed(ctx.db, config);
    app = await buildApp(ctx);
    const info = await app.inject({ method: 'GET', url: '/api/sysTenant/sysInfo/1300000000001' });
    expect(info.statusCode).toBe(200);

    const attacker = new pg.Client({ connectionString: as(password) });
    await attacker.connect();
    try {
      await attacker.query('set role lintel_app');
      await attacker.query('reset role');
      const who = await attacker.query<{ rolsuper: boolean; rolbypassrls: boolean }>(
        'select rolsuper, rolbypassrls from pg_roles where rolname = current_user',
      );
      expect(who.rows[0]).toEqual({ rolsuper: false, rolbypassrls: false });
      expect((await attacker.query('select * from sys_key')).rows).toEqual([]);
      expect((await attacker.query('select * from sys_user')).rows).toEqual([]);
    } finally {
      await attacker.end();
    }
  });

  it('refuses to start in production as a superuser', async () => {
    const config = loadConfig({ NODE_ENV: 'production', LOG_LEVEL: 'silent', DATABASE_URL: url });
    await expect(createContext(config, { database: { kind: 'postgres', url, poolSize: 1 } })).rejects.toThrow(
      /DATABASE_URL.*superuser/,
    );
  });
});
