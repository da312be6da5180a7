import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/platform/auth/gate.js';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../harness.js';
import { valueOf, type JsonSchema } from './schema-values.js';

/**
 * The tenant wall, swept over the route inventory: the administrator of a second tenant (created
 * through the product, so it holds every tenant permission) calls every route whose request names
 * ids with the ids of the first tenant's rows, one per tenant-owned table, the rest of the request
 * plausible. Afterwards every row of the first tenant is as it was, and no answer carried one of
 * its rows. A route or a table added tomorrow is swept the day it is added.
 */
const ID_FIELD = /^(id|ids|idList|[a-z]\w*(Id|Ids|IdList))$/;

let t: TestApp;
let token: string;
let wallTenant: string;
let tables: string[];
let targets: { table: string; id: string }[];

beforeAll(async () => {
  t = await createTestApp();
  const superAdmin = (await t.login('superAdmin')).accessToken;
  const added = await t.call('POST', '/api/sysTenant/add', superAdmin, {
    name: 'Wall test tenant',
    adminAccount: 'wallboss',
    phone: '13900009876',
    host: 'wall.example.test',
  });
  expect(added.json().code, added.body).toBe(200);
  wallTenant = added.json().result;
  token = (await t.login('wallboss', DEMO_PASSWORD, wallTenant)).accessToken;

  // Rows the seed does not make: the first tenant's admin writes a few through the product.
  const admin = (await t.login('admin')).accessToken;
  const writes: [string, unknown][] = [
    ['/api/sysNotice/add', { title: 'Wall', content: '<p>Wall</p>', type: 1 }],
    [
      '/api/sysSchedule/add',
      { scheduleTime: '2026-11-20', startTime: '09:00', endTime: '10:00', content: 'Wall' },
    ],
    [
      '/api/sysMessage/sendUser',
      { receiveUserId: SEED_IDS.staff, title: 'Wall', message: 'Wall', messageType: 'info' },
    ],
    ['/api/sysUserMenu/add', { menuIdList: [await firstMenuId()] }],
  ];
  for (const [url, body] of writes) {
    const written = await t.call('POST', url, admin, body);
    expect(written.json().code, `${url} ${written.body}`).toBe(200);
  }

  tables = await t.ctx.db.owner(async (trx) =>
    (
      await sql<{ table: string }>`select c.table_name as table from information_schema.columns c
        join information_schema.columns i on i.table_name = c.table_name and i.table_schema = c.table_schema
        where c.table_schema = 'public' and c.column_name = 'tenant_id' and i.column_name = 'id'
        order by 1`.execute(trx)
    ).rows.map((r) => r.table),
  );
  targets = await t.ctx.db.owner(async (trx) => {
    const found: { table: string; id: string }[] = [];
    for (const table of tables) {
      const { rows } = await sql<{ id: string }>`select id::text as id from ${sql.table(table)}
        where tenant_id = ${SEED_IDS.tenant} order by id limit 1`.execute(trx);
      if (rows[0]) found.push({ table, id: rows[0].id });
    }
    return found;
  });
});
afterAll(async () => t?.close());

/** A page the first tenant's administrator may open, for a favourite of its own. */
async function firstMenuId(): Promise<string> {
  const row = await t.ctx.db.global
    .selectFrom('sysMenu')
    .select('id')
    .where('path', '=', '/system/user')
    .where('permission', 'is', null)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** A digest of every row the first tenant holds, table by table. */
const snapshot = () =>
  t.ctx.db.owner(async (trx) => {
    const digests: Record<string, string> = {};
    for (const table of tables) {
      const { rows } = await sql<{
        digest: string;
      }>`select md5(coalesce(string_agg(x::text, '|' order by x::text), ''))
        as digest from ${sql.table(table)} x where tenant_id = ${SEED_IDS.tenant}`.execute(trx);
      digests[table] = rows[0]!.digest;
    }
    return digests;
  });

/** An answer without the batch report's refusals, which name the ids asked for ("not found"). */
function reported(result: unknown): unknown {
  if (result && typeof result === 'object' && Array.isArray((result as { failed?: unknown }).failed))
    return { ...result, failed: [] };
  return result ?? null;
}

/** A plausible request part with every id-like field set to `id` (a list holds just it). */
function aimed(schema: JsonSchema | undefined, id: string): Record<string, unknown> {
  if (!schema?.properties) return {};
  const base = fc.sample(valueOf(schema), { numRuns: 1, seed: 7 })[0] as Record<string, unknown>;
  for (const [key, child] of Object.entries(schema.properties)) {
    if (ID_FIELD.test(key)) base[key] = child.type === 'array' ? [id] : id;
  }
  return base;
}

const idFieldsOf = (route: RouteEntry) =>
  (['params', 'querystring', 'body'] as const).flatMap((part) =>
    Object.keys((route.schema[part] as JsonSchema | undefined)?.properties ?? {}).filter((k) =>
      ID_FIELD.test(k),
    ),
  );

describe('the tenant wall, swept over every route that names ids', () => {
  it('changes no row of another tenant and answers none of them', { timeout: 240_000 }, async () => {
    expect(targets.length).toBeGreaterThan(12);
    // The logs of the writes above land after their answers: wait for them.
    await t.ctx.audit.flush();
    const before = await snapshot();
    const routes = t.app.routeTable.filter(
      (r) =>
        r.permission !== 'public' &&
        !r.url.startsWith('/api/sysAuth/') &&
        !r.url.startsWith('/api/sysTenant/') &&
        idFieldsOf(r).length > 0,
    );
    expect(routes.length).toBeGreaterThan(50);
    const leaks: string[] = [];
    for (const route of routes) {
      for (const { table, id } of targets) {
        const params = aimed(route.schema.params as JsonSchema | undefined, id);
        const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
          encodeURIComponent(String(params[name] ?? id)),
        );
        const query = aimed(route.schema.querystring as JsonSchema | undefined, id);
        const search = new URLSearchParams(
          Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
        ).toString();
        const body =
          route.method === 'GET' ? undefined : aimed(route.schema.body as JsonSchema | undefined, id);
        const res = await t.call(route.method as 'POST', `${url}${search ? `?${search}` : ''}`, token, body);
        expect(
          res.statusCode,
          `${route.method} ${route.url} with ${table} ${id}: ${res.body.slice(0, 200)}`,
        ).toBeLessThan(500);
        if (res.statusCode === 401)
          token = (await t.login('wallboss', DEMO_PASSWORD, wallTenant)).accessToken;
        const answer = String(res.headers['content-type'] ?? '').includes('json')
          ? JSON.stringify(reported(res.json().result))
          : '';
        if (res.statusCode === 200 && answer.includes(id))
          leaks.push(`${route.method} ${route.url} answered ${table} ${id}`);
      }
    }
    expect(leaks).toEqual([]);
    await t.ctx.audit.flush();
    expect(await snapshot()).toEqual(before);
  });
});
