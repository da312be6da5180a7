import { AccountType, DataScope, Status } from '@lintel/contracts';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/platform/auth/gate.js';
import { createTestApp, SEED_IDS, type TestApp } from '../harness.js';
import { accountState, delegate, TARGETS, type Delegate } from './kit.js';
import { valueOf, type JsonSchema } from './schema-values.js';

/**
 * Escalation, swept over the route inventory: every route that can change something is called by
 * the strongest accounts a tenant can have below the super admin (a delegate holding every tenant
 * permission with data scope "all", one with "department and below", and the tenant admin) with
 * plausible requests whose ids aim at the administrators, the admin role and the caller itself, and
 * whose kind fields ask for the most (super admin type, data scope "all", enabled). Whatever the
 * answers, afterwards nobody has become or changed an administrator, and no caller reaches further
 * than before. A route added tomorrow is swept the day it is added.
 */
const RUNS = Number(process.env.LINTEL_FUZZ_RUNS ?? 20) >= 50 ? 12 : 4;

let t: TestApp;
let broad: Delegate;
let narrow: Delegate;
let adminToken: string;
let menuIds: string[];

beforeAll(async () => {
  t = await createTestApp();
  broad = await delegate(t);
  narrow = await delegate(t, { dataScope: DataScope.DeptChild });
  adminToken = await issue(SEED_IDS.admin);
  menuIds = (await t.ctx.db.platform((trx) => trx.selectFrom('sysMenu').select('id').execute())).map(
    (m) => m.id,
  );
});
afterAll(async () => t?.close());

/** The accounts a caller sees: its reach over rows. */
const visibleAccounts = async (token: string) => {
  const res = await t.call('POST', '/api/sysUser/page', token, { pageSize: 500 });
  return new Set(((res.json().result?.items ?? []) as { id: string }[]).map((r) => r.id));
};
const permissionsOf = async (token: string) =>
  new Set(((await t.call('GET', '/api/sysAuth/userInfo', token)).json().result?.apis ?? []) as string[]);

/** Every stored administrator, and the holders of the admin role. */
const administrators = () =>
  t.ctx.db.platform(async (trx) => ({
    admins: (
      await trx
        .selectFrom('sysUser')
        .select(['id', 'accountType'])
        .where('accountType', '>=', AccountType.SysAdmin)
        .orderBy('id')
        .execute()
    ).map((u) => `${u.id}:${u.accountType}`),
    adminRoleHolders: (
      await trx.selectFrom('sysUserRole').select('userId').where('roleId', '=', TARGETS.adminRole).execute()
    ).map((r) => r.userId),
  }));

interface Caller {
  name: string;
  id: string;
  roleId?: string;
  token: string;
}

/** A session issued directly (no sign-in rate limit); issued again when a call ended it. */
const issue = async (id: string) =>
  (await t.ctx.sessions.issue({ id, tenantId: SEED_IDS.tenant }, SEED_IDS.tenant, {})).accessToken;

/** The highest value a field's schema allows (super admin type, say), when it lists them. */
function highest(schema: JsonSchema): unknown {
  const options = schema.enum ?? (schema.anyOf ?? []).map((b) => b.const).filter((v) => v !== undefined);
  const numbers = options.filter((v): v is number => typeof v === 'number');
  return numbers.length ? Math.max(...numbers) : undefined;
}

/**
 * Values that aim a request at someone, by field name; everything else stays plausible. Accounts
 * for account routes, roles for role routes, and the caller's own account and role among them.
 */
function aim(
  route: RouteEntry,
  caller: Caller,
  pick: number,
): Record<string, (schema: JsonSchema) => unknown> {
  const users = [TARGETS.superAdmin, TARGETS.admin, caller.id];
  const roles = [TARGETS.adminRole, ...(caller.roleId ? [caller.roleId] : [])];
  const pool = route.url.includes('/sysRole/') ? roles : users;
  const choose = (list: string[]) => (schema: JsonSchema) =>
    schema.type === 'array' ? [...new Set(list)] : list[pick % list.length];
  return {
    id: choose(pool),
    ids: choose(pool),
    idList: choose(pool),
    userId: choose(users),
    roleId: choose(roles),
    userIdList: () => [...new Set([caller.id, TARGETS.admin, TARGETS.superAdmin])],
    roleIdList: () => [...new Set(roles)],
    menuIdList: () => menuIds,
    orgIdList: () => [],
    apiList: () => [],
    tableColumnList: () => [],
    accountType: highest,
    dataScope: () => DataScope.All,
    status: () => Status.Enable,
    phone: () => '13999990000',
    password: () => t.encrypt('Escalate@2026x'),
  };
}

/** The stored fields of the account a request aims at, so that validation passes and the policy decides. */
async function currentOf(id: unknown): Promise<Record<string, unknown>> {
  if (typeof id !== 'string') return {};
  const row = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
    trx.selectFrom('sysUser').selectAll().where('id', '=', id).executeTakeFirst(),
  );
  if (!row) return {};
  const { password: _p, createTime: _c, updateTime: _u, lastLoginTime: _l, ...fields } = row;
  return Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== null && !(v instanceof Date)));
}

/** A plausible body or query for the route with the aimed fields put in. */
async function sample(
  route: RouteEntry,
  schema: JsonSchema | undefined,
  caller: Caller,
  pick: number,
): Promise<Record<string, unknown>> {
  if (!schema?.properties) return {};
  const base = fc.sample(valueOf(schema), { numRuns: 1, seed: pick })[0] as Record<string, unknown>;
  const aimed = aim(route, caller, pick);
  const values: Record<string, unknown> = {};
  for (const [key, child] of Object.entries(schema.properties)) {
    const value = Object.hasOwn(aimed, key) ? aimed[key]!(child) : undefined;
    if (value !== undefined) values[key] = value;
  }
  const current = route.url.includes('/sysUser/') ? await currentOf(values.id ?? values.userId) : {};
  const declared = Object.fromEntries(
    Object.entries(current).filter(([k]) => Object.hasOwn(schema.properties!, k)),
  );
  return { ...base, ...declared, ...values };
}

const changing = (route: RouteEntry) =>
  route.method !== 'GET' && route.permission !== 'public' && !route.url.endsWith('/logout');

describe('escalation sweep over every changing route', () => {
  // Hundreds of calls: longer than the default test time on a loaded machine.
  it('leaves every administrator as it was, and widens nobody', { timeout: 180_000 }, async () => {
    const callers: Caller[] = [
      { name: 'broad delegate', id: broad.userId, roleId: broad.roleId, token: broad.token },
      { name: 'narrow delegate', id: narrow.userId, roleId: narrow.roleId, token: narrow.token },
      { name: 'tenant admin', id: SEED_IDS.admin, token: adminToken },
    ];
    const before = {
      superAdmin: await accountState(t, TARGETS.superAdmin),
      admin: await accountState(t, TARGETS.admin),
      administrators: await administrators(),
      reach: new Map<string, { permissions: Set<string>; accounts: Set<string> }>(),
    };
    for (const caller of callers) {
      const token = caller.token;
      before.reach.set(caller.name, {
        permissions: await permissionsOf(token),
        accounts: await visibleAccounts(token),
      });
    }

    const routes = t.app.routeTable.filter(changing);
    expect(routes.length).toBeGreaterThan(40);
    let calls = 0;
    for (const route of routes) {
      for (const caller of callers) {
        for (let pick = 0; pick < RUNS; pick++) {
          const params = await sample(route, route.schema.params as JsonSchema | undefined, caller, pick);
          const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
            encodeURIComponent(String(params[name] ?? TARGETS.admin)),
          );
          const query = await sample(route, route.schema.querystring as JsonSchema | undefined, caller, pick);
          const search = new URLSearchParams(
            Object.entries(query).map(([k, v]): [string, string] => [k, String(v)]),
          ).toString();
          const body = await sample(route, route.schema.body as JsonSchema | undefined, caller, pick);
          const res = await t.call(
            route.method as 'POST',
            `${url}${search ? `?${search}` : ''}`,
            caller.token,
            body,
          );
          calls += 1;
          if (process.env.LINTEL_SWEEP_TRACE)
            console.log(caller.name, res.statusCode, route.url, res.body.slice(0, 120));
          // A call that ended the caller's own session (a password change) does not end the sweep.
          if (res.statusCode === 401) caller.token = await issue(caller.id);
          expect(
            res.statusCode,
            `${caller.name} ${route.method} ${route.url}: ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
        }
      }
      // Checked after each route, so a failure names the route that did it.
      const where = `after ${route.method} ${route.url}`;
      expect(await accountState(t, TARGETS.superAdmin), where).toEqual(before.superAdmin);
      expect(await accountState(t, TARGETS.admin), where).toEqual(before.admin);
      expect(await administrators(), where).toEqual(before.administrators);
    }
    expect(calls).toBeGreaterThan(routes.length * callers.length);

    for (const caller of callers) {
      const token = caller.token;
      const was = before.reach.get(caller.name)!;
      const permissions = await permissionsOf(token);
      expect(
        [...permissions].filter((p) => !was.permissions.has(p)),
        caller.name,
      ).toEqual([]);
      const accounts = await visibleAccounts(token);
      const created = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
        trx.selectFrom('sysUser').select('id').where('createUserId', '=', caller.id).execute(),
      );
      const own = new Set(created.map((r) => r.id));
      expect(
        [...accounts].filter((id) => !was.accounts.has(id) && !own.has(id)),
        caller.name,
      ).toEqual([]);
    }
  });
});
