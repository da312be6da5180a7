import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { afterAll, describe, expect, it } from 'vitest';
import type { RouteEntry } from '../../src/platform/auth/gate.js';
import { createTestApp, type ApiBody } from '../harness.js';
import { IMPOSSIBLE_DATES, percent, type Hostile } from './hostile-values.js';
import {
  baselineOf,
  expectNoServerError,
  requestFor,
  schemaOf,
  targetsOf,
  type Target,
} from './route-requests.js';
import type { JsonSchema } from './schema-values.js';
import { attackSessions, type Who } from './fuzz-sessions.js';

/**
 * Issue 8, finding 12, class by class and field by field (bad-input.test.ts draws at random; this
 * sends each listed value into every field it concerns, on every route): prototype keys into every
 * text field, NUL into every field and upload name, ids above 2^63 - 1 into every id field, days and
 * times that do not exist into every date field. The super admin passes every gate, so each of
 * these must come back as a 400 naming the field; the tenant admin must at least get no 5xx.
 */
const t = await createTestApp();
afterAll(async () => t.close());
const sessions = attackSessions(t);
/** Each sweep sends hundreds of requests; a busy machine must not time it out. */
const SWEEP_TIMEOUT = 180_000;

interface Field {
  route: RouteEntry;
  target: Target;
  schema: JsonSchema | undefined;
}
const fields: Field[] = t.app.routeTable.flatMap((route) =>
  targetsOf(route)
    .filter((target) => target.path.length > 0)
    .map((target) => ({ route, target, schema: schemaOf(route, target) })),
);

const branches = (schema: JsonSchema | undefined): JsonSchema[] =>
  !schema ? [] : schema.anyOf || schema.oneOf ? (schema.anyOf ?? schema.oneOf)!.flatMap(branches) : [schema];
const takesText = (f: Field) =>
  f.target.part === 'multipart' || branches(f.schema).some((b) => b.type === 'string');
/** A pattern that takes every sample and refuses every other value (whatever the pattern says). */
const patternFits = (b: JsonSchema, takes: string[], refuses: string[]) =>
  !!b.pattern &&
  takes.every((v) => new RegExp(b.pattern!).test(v)) &&
  !refuses.some((v) => new RegExp(b.pattern!).test(v));
/** Id-like: takes the largest id, refuses words, signs, spaces (not a phone number). */
const isIdField = (f: Field) =>
  branches(f.schema).some((b) => patternFits(b, ['1', '9223372036854775807'], ['id', '-1', '+1', '1 2']));
/** A date field by its format, or by a pattern that takes a day (or a time) and nothing else. */
const takes = (b: JsonSchema, sample: string) =>
  patternFits(b, [sample], ['day', '1 2', `${sample}0`, '20240229']);
const dateFormat = (f: Field) =>
  branches(f.schema)
    .map((b) =>
      b.format === 'date-time' || takes(b, '2024-02-29T08:30:00Z')
        ? 'date-time'
        : b.format === 'date' || takes(b, '2024-02-29')
          ? 'date'
          : undefined,
    )
    .find(Boolean);

/** `field` beside `pageSize`: the paging request's sort field (ARCHITECTURE 4). */
const isSortField = (f: Field) =>
  f.target.part === 'body' &&
  f.target.path.join('.') === 'field' &&
  !!(f.route.schema.body as JsonSchema).properties?.pageSize;

const text = (value: string): Hostile => ({
  kind: 'listed',
  json: JSON.stringify(value),
  text: [percent(value)],
});

async function send(who: Who, field: Field, hostile: Hostile) {
  const [baseline] = fc.sample(baselineOf(field.route, field.target), { numRuns: 1, seed: 12 });
  const request: InjectOptions = requestFor(
    field.route,
    baseline!,
    field.target,
    hostile,
    await sessions.headers(who),
  );
  const res: LightMyRequestResponse = await t.app.inject(request);
  await sessions.renewAfter(who, res.statusCode);
  expectNoServerError(field.route, request, res);
  return { request, res };
}

/** A refusal of the field itself: 400, its name in the message (429: the route's rate limit). */
function expectRefused(field: Field, sent: { request: InjectOptions; res: LightMyRequestResponse }) {
  const { res } = sent;
  if (res.statusCode === 429) return;
  // An item of a list body (Admin.NET's delete lists) is named by its position, [0].
  const name = String(field.target.path.filter((step) => step !== 0).at(-1) ?? '[0]');
  const what = `${field.route.method} ${field.route.url} ${field.target.part}.${field.target.path.join('.')} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBe(400);
  expect((res.json() as ApiBody).message, what).toContain(name);
}

describe.each<Who>(['superAdmin', 'admin'])('every field, as %s', (who) => {
  const refused = (field: Field, sent: { request: InjectOptions; res: LightMyRequestResponse }) => {
    if (who === 'superAdmin') expectRefused(field, sent);
  };

  it(
    'prototype keys (constructor, __proto__, toString) in every text field: no 5xx',
    async () => {
      for (const field of fields.filter(takesText)) {
        for (const key of ['constructor', '__proto__', 'toString']) {
          const { res } = await send(who, field, text(key));
          // A list's sort field: Object's members are not sortable fields, so a 400 (or the 404 of
          // a parent the list belongs to, looked up first), never a page sorted by them.
          if (isSortField(field) && who === 'superAdmin' && res.statusCode !== 429) {
            expect([400, 404], `${field.route.url} ${key} → ${res.statusCode}`).toContain(res.statusCode);
          }
        }
      }
    },
    SWEEP_TIMEOUT,
  );

  it(
    'NUL in every field, every part and every upload name: a 400 naming the field',
    async () => {
      for (const field of fields) refused(field, await send(who, field, text('a\u0000b')));
    },
    SWEEP_TIMEOUT,
  );

  it(
    'ids above 2^63 - 1 in every id field, as strings and as numbers: a 400 naming the field',
    async () => {
      const ids = fields.filter(isIdField);
      expect(ids.length).toBeGreaterThan(50);
      for (const field of ids) {
        refused(field, await send(who, field, text('9999999999999999999')));
        refused(field, await send(who, field, text('9223372036854775808')));
        if (field.target.part === 'body') {
          refused(field, await send(who, field, { kind: 'listed', json: '9999999999999999999' }));
        }
      }
    },
    SWEEP_TIMEOUT,
  );

  it(
    'days and times that do not exist in every date field: a 400 naming the field',
    async () => {
      const dates = fields.filter((f) => dateFormat(f));
      expect(dates.length).toBeGreaterThan(5);
      for (const field of dates) {
        const dateTime = dateFormat(field) === 'date-time';
        for (const value of IMPOSSIBLE_DATES.filter((d) => d.includes('T') === dateTime)) {
          refused(field, await send(who, field, text(value)));
        }
      }
    },
    SWEEP_TIMEOUT,
  );
});
