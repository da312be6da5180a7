import { FIELD_CATALOG, registryPermissions, type GuardedTable } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GuardedRoute } from '../../src/platform/permission/field-guard.js';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';
import { delegate, type Delegate } from './kit.js';

/**
 * Issue 9, bug 1: a field blacklist on an account field made `sysUser/page` and `sysUser/detail`
 * answer 500 (the response schema demanded the field the guard had removed). Walks every column of
 * the catalog (FIELD_CATALOG) over every route that names its table (the app's guarded routes): a
 * holder of a role blacklisting the column reads lists and details (200, the field absent, nested
 * rows included), exports files without it, and is refused (403) any filter or write that carries
 * it, in any letter case. Routes of core system modules are left to the super admin, who has no blacklist.
 */
let t: TestApp;
let admin: string;
let d: Delegate;
const en = { 'accept-language': 'en' };
const STAFF_POS = '1300000000304';

type Row = Record<string, unknown>;
interface Call {
  /** The address when the route has path parameters. */
  path?: string;
  query?: string;
  body?: unknown;
}

/** What each reading route is asked, by `METHOD url`. A guarded read route missing here fails the test. */
const READS: Record<string, () => Call> = {
  'POST /api/sysUser/page': () => ({ body: { pageSize: 100 } }),
  'POST /api/sysUser/pickList': () => ({ body: { keyword: 'staff' } }),
  'GET /api/sysUser/detail': () => ({ query: `id=${SEED_IDS.staff}` }),
  'GET /api/sysUser/ownExtOrgList/:userId': () => ({ path: `/api/sysUser/ownExtOrgList/${SEED_IDS.staff}` }),
  'GET /api/sysUser/orgInfo': () => ({}),
  'POST /api/sysTenant/userList': () => ({ body: { id: SEED_IDS.tenant, pageSize: 100 } }),
  'GET /api/sysPos/staff': () => ({ query: `Id=${STAFF_POS}` }),
  'GET /api/sysRole/ownUserList': () => ({ query: `Id=${d.roleId}` }),
  'POST /api/sysOnlineUser/page': () => ({ body: {} }),
  'GET /api/sysOrg/list': () => ({}),
  'GET /api/sysOrg/tree': () => ({}),
  'GET /api/sysPos/list': () => ({}),
  'POST /api/sysRole/page': () => ({ body: { pageSize: 100 } }),
  'GET /api/sysRole/list': () => ({}),
};

/** Codes of the core system modules: only the super admin holds them (SPEC 6). */
const PLATFORM_CODES = new Set(
  [...registryPermissions()].filter(([, scope]) => scope === 'platform').map(([code]) => code),
);

const kindOf = (route: GuardedRoute) =>
  /\/(add|update)$/.test(route.url) ? 'write' : route.url.endsWith('/export') ? 'export' : 'read';
const keyOf = (route: GuardedRoute) => `${route.method} ${route.url}`;
const permissionOf = (route: GuardedRoute) =>
  t.app.routeTable.find((r) => r.method === route.method && r.url === route.url)!.permission;
const superAdminOnly = (route: GuardedRoute) => PLATFORM_CODES.has(permissionOf(route));
/** The guarded routes of a table of one kind that a role holder may call (and this test can ask). */
const routesOf = (table: GuardedTable, kind: 'read' | 'export' | 'write') =>
  t.app.guardedRoutes.filter(
    (r) =>
      r.table === table && kindOf(r) === kind && !superAdminOnly(r) && (kind !== 'read' || !!READS[keyOf(r)]),
  );

/** The rows of an answer, walked as the field guard strips them: arrays, pages, nested rows. */
function rowsOf(result: unknown): Row[] {
  if (Array.isArray(result)) return result.flatMap(rowsOf);
  if (!result || typeof result !== 'object') return [];
  const row = result as Row;
  if (Array.isArray(row.items)) return rowsOf(row.items);
  return [row, ...Object.values(row).flatMap((value) => (Array.isArray(value) ? rowsOf(value) : []))];
}

const read = (route: GuardedRoute, token: string) => {
  const call = READS[keyOf(route)]!();
  const path = call.path ?? route.url;
  const url = call.query ? `${path}?${call.query}` : path;
  return t.call(route.method as 'GET' | 'POST', url, token, call.body, en);
};

/** The column keys of a CSV export's heading (titles are the keys when none are asked). */
async function exportedColumns(url: string, token: string, body: Row): Promise<string[]> {
  const res = await t.call('POST', url, token, { format: 'csv', range: 'all', ...body }, en);
  expect(res.statusCode, `${url}: ${res.body.slice(0, 200)}`).toBe(200);
  const heading = res.body.replace(/^\ufeff/, '').split('\r\n')[0]!;
  return heading.split(',').map((cell) => cell.replace(/^"|"$/g, ''));
}

async function blacklist(table: GuardedTable, columns: string[]): Promise<void> {
  const res = await t.call('POST', '/api/sysRole/grantRoleTable', admin, {
    id: d.roleId,
    tableColumnList: columns.length ? [{ tableName: table, columns }] : [],
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Fields each table's routes answer when nothing is hidden: every catalog column must be among them. */
const answered = new Map<GuardedTable, Set<string>>();

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  await t.ctx.db.tenant(SEED_IDS.tenant, async (trx) => {
    // An open connection of the staff account, for the online-user list.
    await trx
      .insertInto('sysOnlineUser')
      .values({
        connectionId: 'field-blacklist-catalog',
        tenantId: SEED_IDS.tenant,
        homeTenantId: SEED_IDS.tenant,
        userId: SEED_IDS.staff,
        tokenFamily: '1',
        account: 'staff',
        realName: '张工',
        ip: '203.0.113.7',
        browser: 'Firefox',
        os: 'Linux',
        serverId: 'test',
      })
      .execute();
    // An affiliated organisation of the staff account, for the detail and its list.
    await trx
      .insertInto('sysUserExtOrg')
      .values({
        id: '1300000008001',
        tenantId: SEED_IDS.tenant,
        userId: SEED_IDS.staff,
        orgId: '1300000000206',
        posId: '1300000000307',
        jobNum: 'J-7',
        posLevel: 'P3',
        joinDate: '2024-01-01',
      })
      .execute();
  });
  d = await delegate(t);
  for (const table of Object.keys(FIELD_CATALOG) as GuardedTable[]) {
    const seen = new Set<string>();
    for (const route of routesOf(table, 'read')) {
      const res = await read(route, d.token);
      if (res.statusCode === 200)
        for (const row of rowsOf(res.json().result)) Object.keys(row).forEach((k) => seen.add(k));
    }
    for (const route of routesOf(table, 'export'))
      (await exportedColumns(route.url, d.token, {})).forEach((k) => seen.add(k));
    answered.set(table, seen);
  }
}, 120_000);
afterAll(async () => t?.close());

describe('the routes that name a table', () => {
  it('are all known to this test, and every table has a list and a write a role holder may call', () => {
    const unknown = t.app.guardedRoutes.filter(
      (r) => kindOf(r) === 'read' && !superAdminOnly(r) && !READS[keyOf(r)],
    );
    expect(unknown.map(keyOf)).toEqual([]);
    for (const table of Object.keys(FIELD_CATALOG) as GuardedTable[]) {
      expect(routesOf(table, 'read').length, table).toBeGreaterThan(0);
      expect(routesOf(table, 'write').length, table).toBeGreaterThan(0);
    }
  });

  it('left to the super admin refuse the role holder', async () => {
    const platform = t.app.guardedRoutes.filter(superAdminOnly);
    for (const route of platform) {
      const res = await t.call(route.method as 'GET' | 'POST', route.url, d.token, {}, en);
      expect(res.statusCode, keyOf(route)).toBe(403);
    }
  });

  it('answer every column of the catalog somewhere (the catalog names real fields)', () => {
    for (const [table, columns] of Object.entries(FIELD_CATALOG) as [GuardedTable, readonly string[]][]) {
      expect(
        columns.filter((c) => !answered.get(table)!.has(c)),
        table,
      ).toEqual([]);
    }
  });
});

describe.each(Object.keys(FIELD_CATALOG) as GuardedTable[])('a field blacklist on %s', (table) => {
  it.each([...FIELD_CATALOG[table]])(
    'hides %s from every read and export, and refuses it in writes',
    async (column) => {
      await blacklist(table, [column]);
      try {
        for (const route of routesOf(table, 'read')) {
          const res = await read(route, d.token);
          expect(res.statusCode, `${keyOf(route)} hiding ${column}: ${res.body.slice(0, 300)}`).toBe(200);
          const rows = rowsOf(res.json().result);
          expect(rows.length, keyOf(route)).toBeGreaterThan(0);
          expect(rows.filter((row) => column in row).length, `${keyOf(route)} shows ${column}`).toBe(0);
          // Nor may it filter by the column: the matches would reveal its values.
          const call = READS[keyOf(route)]!();
          const path = call.path ?? route.url;
          const filtered =
            route.method === 'GET'
              ? await t.call(
                  'GET',
                  `${path}?${call.query ? `${call.query}&` : ''}${column}=1`,
                  d.token,
                  undefined,
                  en,
                )
              : await t.call('POST', path, d.token, { ...(call.body as Row), [column]: '1' }, en);
          expect(filtered.statusCode, `${keyOf(route)} filtered by ${column}`).toBe(403);
          // Nor sort by it: the order of the rows would reveal it.
          const sorted =
            route.method === 'GET'
              ? await t.call(
                  'GET',
                  `${path}?${call.query ? `${call.query}&` : ''}field=${column}`,
                  d.token,
                  undefined,
                  en,
                )
              : await t.call('POST', path, d.token, { ...(call.body as Row), field: column }, en);
          expect(sorted.statusCode, `${keyOf(route)} sorted by ${column}`).toBe(403);
        }
        for (const route of routesOf(table, 'export')) {
          expect(await exportedColumns(route.url, d.token, {})).not.toContain(column);
          // Asked for by name, it is still left out.
          const asked = ['id', ...FIELD_CATALOG[table]].map((key) => ({ key, title: key }));
          const columns = await exportedColumns(route.url, d.token, { columns: asked });
          expect(columns).not.toContain(column);
          expect(columns.length).toBeGreaterThan(0);
        }
        for (const route of routesOf(table, 'write')) {
          const capitalised = column[0]!.toUpperCase() + column.slice(1);
          for (const name of [column, capitalised]) {
            const res = await t.call('POST', route.url, d.token, { id: SEED_IDS.staff, [name]: 'x' }, en);
            expect(res.statusCode, `${keyOf(route)} with ${name}: ${res.body.slice(0, 200)}`).toBe(403);
            expect(res.json().message).toContain(column);
          }
        }
      } finally {
        await blacklist(table, []);
      }
    },
  );
});
