import fc from 'fast-check';
import { LOCALES, registryPermissions } from '@lintel/contracts';
import { afterAll, describe, it } from 'vitest';
import type { RouteEntry } from '../../src/platform/auth/gate.js';
import { createTestApp } from '../harness.js';
import { hostileValue } from './hostile-values.js';
import { baselineOf, expectNoServerError, requestFor, targetsOf } from './route-requests.js';
import { attackSessions, type Who } from './fuzz-sessions.js';

/**
 * Issue 8, finding 12: bad input never answers 500. For every route of the inventory, one declared
 * field at a time gets a value of a hostile class (prototype keys, NUL, out-of-range ids, impossible
 * dates, long strings, wrong types, deep nesting, huge numbers, unicode edge cases) while the other
 * fields hold plausible values, so the value reaches the code behind validation. Whole bodies and
 * query strings get malformed JSON, random shapes and undeclared keys; upload routes get hostile
 * file and field names. Signed in as the super admin, as the tenant admin, and anonymous.
 * LINTEL_FUZZ_RUNS scales the runs per route and caller.
 */
const RUNS = Number(process.env.LINTEL_FUZZ_RUNS ?? 20);

const t = await createTestApp();
afterAll(async () => t.close());
const sessions = attackSessions(t);
const routes = t.app.routeTable.map((route) => ({ name: `${route.method} ${route.url}`, route }));
const scopes = registryPermissions();

/**
 * The gate refuses before the body is even read (an onRequest hook) when the caller may not call
 * the route at all: anonymous on a signed-in route, the tenant admin on a platform one. That
 * answer does not depend on the input, so one run proves it is a 401/403 and not a 500; the
 * other runs go where the input reaches code. A tenant route both administrators reach runs the
 * same code for each (the super admin's data scope is wider, nothing else): they share its runs,
 * half each, with values of their own.
 */
const runsFor = (who: Who, route: RouteEntry): number => {
  if (who === 'anonymous') return route.permission === 'public' ? RUNS : 1;
  if (scopes.get(route.permission) === 'platform') return who === 'admin' ? 1 : RUNS;
  return Math.ceil(RUNS / 2);
};

describe.each<Who>(['superAdmin', 'admin', 'anonymous'])('hostile field values as %s', (who) => {
  it.each(routes)(
    '$name',
    async ({ route }) => {
      const targets = targetsOf(route);
      const cases = fc.constantFrom(...targets).chain((target) =>
        fc.record({
          target: fc.constant(target),
          baseline: baselineOf(route, target),
          hostile: hostileValue(target.part),
          locale: fc.constantFrom(...LOCALES),
        }),
      );
      await fc.assert(
        fc.asyncProperty(cases, async ({ target, baseline, hostile, locale }) => {
          const headers = { ...(await sessions.headers(who)), 'accept-language': locale };
          const request = requestFor(route, baseline, target, hostile, headers);
          const res = await t.app.inject(request);
          await sessions.renewAfter(who, res.statusCode);
          expectNoServerError(route, request, res);
        }),
        { numRuns: runsFor(who, route), includeErrorInReport: true },
      );
    },
    30_000 + RUNS * 500,
  );
});
