import { FRONT_END_ONLY_CODES, registryPermissions } from '@lintel/contracts';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/platform/auth/gate.js';
import { createTestApp, type TestApp } from '../harness.js';
import { delegate, type Delegate } from './kit.js';

/**
 * Issue 9, bug 3: a role's API blacklist refused a route while `userInfo.apis` and
 * `sysMenu/ownBtnPermList` still offered its button. Walks every button code of the registry and
 * every route that code guards: blacklisting the route for a role that holds the code takes the code
 * out of the holder's button set and makes the gate answer 403 there; without the blacklist the
 * holder has the code and the gate lets the call through. Codes of the core system modules are held
 * by the super admin alone (no role holds them, and the super admin has no API blacklist).
 */
let t: TestApp;
let admin: string;
let d: Delegate;
/** The holder's button codes without any blacklist. */
let all: string[];

const CODES = [...registryPermissions()];
const TENANT_CODES = CODES.filter(([, scope]) => scope === 'tenant').map(([code]) => code);
const PLATFORM_CODES = CODES.filter(([, scope]) => scope === 'platform').map(([code]) => code);
const routesOf = (code: string) => t.app.routeTable.filter((r) => r.permission === code);

async function buttons(token: string) {
  const info = (await t.call('GET', '/api/sysAuth/userInfo', token)).json().result;
  const own = (await t.call('GET', '/api/sysMenu/ownBtnPermList', token)).json().result as string[];
  return { apis: info.apis as string[], buttons: info.buttons as string[], own };
}

/**
 * A call that the gate judges and nothing after it acts on: path parameters filled in, and a JSON
 * array for a body, which no route's schema accepts (a 400 once past the gate, never a change).
 */
const knock = (route: RouteEntry) =>
  t.call(
    route.method as 'GET' | 'POST',
    route.url.replace(/:(\w+)/g, '1300000000001'),
    d.token,
    route.method === 'GET' ? undefined : [],
  );

async function blacklist(routes: string[]): Promise<void> {
  const res = await t.call('POST', '/api/sysRole/grantApi', admin, { id: d.roleId, apiList: routes });
  expect(res.statusCode, res.body).toBe(200);
}

beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
  d = await delegate(t);
  all = (await buttons(d.token)).apis;
});
afterAll(async () => t?.close());

describe('the button set and the gate', () => {
  it('cover every code of the registry with at least one route', () => {
    const frontEnd = new Set<string>(FRONT_END_ONLY_CODES);
    expect(CODES.filter(([code]) => !frontEnd.has(code) && routesOf(code).length === 0)).toEqual([]);
    // And a front-end code really guards nothing on the server.
    expect(FRONT_END_ONLY_CODES.filter((code) => routesOf(code).length > 0)).toEqual([]);
  });

  it('without a blacklist: the holder has every tenant code and the gate serves each route', async () => {
    const held = await buttons(d.token);
    for (const code of TENANT_CODES) {
      expect(held.apis, code).toContain(code);
      expect(held.buttons, code).toContain(code);
      expect(held.own, code).toContain(code);
      for (const route of routesOf(code)) {
        const res = await knock(route);
        expect([401, 403], `${route.method} ${route.url}: ${res.body.slice(0, 200)}`).not.toContain(
          res.statusCode,
        );
      }
    }
  });

  it('leaves the core system codes to the super admin', async () => {
    const held = await buttons(d.token);
    const superAdmin = await buttons((await t.login('superAdmin')).accessToken);
    for (const code of PLATFORM_CODES) {
      expect(held.apis, code).not.toContain(code);
      expect(superAdmin.apis, code).toContain(code);
    }
  });

  it.each(TENANT_CODES)(
    '%s: a blacklisted route takes the code out of the buttons and is refused',
    async (code) => {
      for (const route of routesOf(code)) {
        await blacklist([route.url]);
        try {
          const held = await buttons(d.token);
          expect(held.apis, route.url).not.toContain(code);
          expect(held.buttons, route.url).not.toContain(code);
          expect(held.own, route.url).not.toContain(code);
          const res = await knock(route);
          expect(res.statusCode, `${route.method} ${route.url}`).toBe(403);
          // Only the code of the blacklisted route is lost.
          expect(held.apis).toEqual(all.filter((c) => c !== code));
        } finally {
          await blacklist([]);
        }
      }
    },
  );
});
