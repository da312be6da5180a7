import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from './harness.js';

/** Random and malformed input at every route: the answer may be anything but a server error. */
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

const RUNS = Number(process.env.LINTEL_FUZZ_RUNS ?? 20);

const pathValue = fc.oneof(
  fc.string(),
  fc.integer().map(String),
  fc.constant('1300000000001'),
  fc.constant('%00'),
  fc.constant('..%2F..'),
);
const queryObject = fc.dictionary(
  fc.string({ maxLength: 12 }),
  fc.oneof(fc.string(), fc.integer().map(String)),
  { maxKeys: 4 },
);
const rawBody = fc.oneof(
  fc.jsonValue().map((v) => JSON.stringify(v)),
  fc.string(),
  fc.constant('{"account":'),
  fc.constant('null'),
  fc.constant(''),
);

/** A session issued directly, so re-signing in after a fuzzed logout does not hit the login rate limit. */
const freshToken = async () =>
  (await t.ctx.sessions.issue({ id: SEED_IDS.superAdmin, tenantId: SEED_IDS.tenant }, SEED_IDS.tenant, {}))
    .accessToken;

describe('fuzzing every route', () => {
  it('never answers 5xx to random bodies, queries and path values', async () => {
    let token = await freshToken();
    for (const route of t.app.routeTable) {
      await fc.assert(
        fc.asyncProperty(
          pathValue,
          queryObject,
          rawBody,
          fc.boolean(),
          async (param, query, body, authed) => {
            const url = route.url.replace(/:(\w+)/g, () => encodeURIComponent(param));
            const res = await t.app.inject({
              method: route.method as 'GET' | 'POST',
              url,
              query,
              headers: {
                'content-type': 'application/json',
                ...(authed ? { authorization: `Bearer ${token}` } : {}),
              },
              ...(route.method === 'POST' ? { payload: body } : {}),
            });
            if (res.statusCode === 401 && authed) token = await freshToken(); // after logout
            expect(res.statusCode, `${route.method} ${url} → ${res.body.slice(0, 200)}`).toBeLessThan(500);
            // Browser hops of the third-party sign-in answer with a redirect, not the wrapper.
            if (res.statusCode >= 300 && res.statusCode < 400) {
              expect(res.headers.location, `${route.method} ${url}`).toBeTruthy();
              return;
            }
            // File answers (exports, templates) are attachments, not the wrapper.
            if (res.statusCode === 200 && String(res.headers['content-disposition']).startsWith('attachment'))
              return;
            const wrapped = JSON.parse(res.body) as { code: number };
            expect(wrapped.code).toBe(res.statusCode);
          },
        ),
        { numRuns: RUNS },
      );
    }
  });
});
