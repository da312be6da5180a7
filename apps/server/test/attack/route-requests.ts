import fc from 'fast-check';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import { expect } from 'vitest';
import type { RouteEntry } from '../../src/platform/auth/gate.js';
import { multipartBody, tinyPng } from '../multipart-test-kit.js';
import { percent, type Hostile, type HostilePart } from './hostile-values.js';
import { fieldPaths, schemaAt, valueOf, type FieldPath, type JsonSchema } from './schema-values.js';

/** Where a value travels; `multipart` stands for the names of an upload's file part. */
export type Part = HostilePart;
type DeclaredPart = 'body' | 'querystring' | 'params';

/** One field of a route: the part it travels in and where it sits in that part ([] = the part). */
export interface Target {
  part: Part;
  path: FieldPath;
}

const partsOf = (route: RouteEntry): DeclaredPart[] =>
  (['body', 'querystring', 'params'] as const).filter((part) => {
    if (part === 'body' && route.method === 'GET') return false;
    return route.schema[part] !== undefined;
  });

const takesUploads = (route: RouteEntry) => route.schema.consumes?.includes('multipart/form-data') ?? false;

/** Every field a route declares, read from its schemas: a new route is covered the day it is added. */
export function targetsOf(route: RouteEntry): Target[] {
  const targets: Target[] = [];
  for (const part of partsOf(route)) {
    const schema = route.schema[part] as JsonSchema;
    // Query strings and paths are flat: only their top-level fields exist.
    const paths = part === 'body' ? fieldPaths(schema) : Object.keys(schema.properties ?? {}).map((k) => [k]);
    for (const path of paths) targets.push({ part, path });
    // The part as a whole (a body that is not an object, a key nobody declared).
    targets.push({ part, path: [] });
  }
  // Parts a route declares nothing for still arrive: an undeclared query string or body.
  if (!route.schema.querystring) targets.push({ part: 'querystring', path: [] });
  if (route.method !== 'GET' && !route.schema.body && !takesUploads(route)) {
    targets.push({ part: 'body', path: [] });
  }
  // Path parameters a route has in its address but no schema for still take values.
  if (!route.schema.params) {
    for (const [, name] of route.url.matchAll(/:(\w+)/g)) targets.push({ part: 'params', path: [name!] });
  }
  if (takesUploads(route))
    targets.push({ part: 'multipart', path: ['filename'] }, { part: 'multipart', path: ['fieldname'] });
  return targets;
}

/** The schema of a target's field, when the route declares one. */
export function schemaOf(route: RouteEntry, target: Target): JsonSchema | undefined {
  if (target.part === 'multipart') return undefined;
  const schema = route.schema[target.part] as JsonSchema | undefined;
  return schema && schemaAt(schema, target.path);
}

/** Plausible values for every declared part, with `target` present so it can be replaced. */
export function baselineOf(route: RouteEntry, target?: Target): fc.Arbitrary<Partial<Record<Part, unknown>>> {
  const record: Partial<Record<Part, fc.Arbitrary<unknown>>> = {};
  for (const part of partsOf(route)) {
    const path = target?.part === part ? target.path : [];
    record[part] = valueOf(route.schema[part] as JsonSchema, path);
  }
  return fc.record(record) as fc.Arbitrary<Partial<Record<Part, unknown>>>;
}

const MARK = '\u0001hostile\u0001';

function placeAt(value: unknown, path: FieldPath): unknown {
  if (path.length === 0) return MARK;
  const step = path[0]!;
  const rest = path.slice(1);
  if (step === 0) {
    const items = Array.isArray(value) ? [...(value as unknown[])] : [];
    items[0] = placeAt(items[0], rest);
    return items;
  }
  const object = (value && typeof value === 'object' && !Array.isArray(value) ? { ...value } : {}) as Record<
    string,
    unknown
  >;
  object[step] = placeAt(object[step], rest);
  return object;
}

function queryText(values: Record<string, unknown>, hostile?: { key: string; text: string[] }): string {
  const pairs: string[] = [];
  for (const [key, value] of Object.entries(values)) {
    if (hostile?.key === key) continue;
    for (const one of Array.isArray(value) ? value : [value])
      pairs.push(`${percent(key)}=${percent(String(one))}`);
  }
  if (hostile) for (const text of hostile.text) pairs.push(`${percent(hostile.key)}=${text}`);
  return pairs.length ? `?${pairs.join('&')}` : '';
}

/** The request that carries `hostile` at `target` and plausible values everywhere else. */
export function requestFor(
  route: RouteEntry,
  baseline: Partial<Record<Part, unknown>>,
  target: Target,
  hostile: Hostile,
  headers: Record<string, string>,
): InjectOptions {
  const params = (baseline.params as Record<string, unknown> | undefined) ?? {};
  const hostileParam = target.part === 'params' ? (target.path[0] as string) : undefined;
  const url = route.url.replace(/:(\w+)/g, (_m, name: string) =>
    name === hostileParam ? (hostile.text?.[0] ?? '') : percent(String(params[name] ?? '1')),
  );
  const query = (baseline.querystring as Record<string, unknown> | undefined) ?? {};
  const queryKey = (target.path[0] as string | undefined) ?? hostile.key ?? '__proto__';
  const search =
    target.part === 'querystring'
      ? queryText(query, { key: queryKey, text: hostile.text ?? [] })
      : queryText(query);
  const options: InjectOptions = {
    method: route.method as 'GET' | 'POST',
    url: url + search,
    headers: { 'content-type': 'application/json', ...headers },
  };
  if (target.part === 'multipart') {
    const name = JSON.parse(hostile.json!) as string;
    const upload =
      target.path[0] === 'filename'
        ? multipartBody(tinyPng(), name)
        : multipartBody(tinyPng(), 'image.png', 'image/png', name);
    options.payload = upload.payload;
    options.headers = { ...options.headers, 'content-type': upload.contentType };
  } else if (route.method !== 'GET') {
    options.payload =
      target.part === 'body'
        ? JSON.stringify(placeAt(baseline.body, target.path)).replace(
            JSON.stringify(MARK),
            () => hostile.json!,
          )
        : JSON.stringify(baseline.body ?? {});
  }
  return options;
}

/**
 * Notification endpoints an outside service calls answer in that service's own format: WeChat Pay
 * reads `{ code: 'FAIL', message }` on a refusal (and retries), 204 when the notification is taken.
 */
const FOREIGN_REPLIES = new Set([
  'POST /api/sysWechatPay/payCallBack',
  'POST /api/sysWechatPay/payPartnerCallBack',
]);

/** No server error; a refusal carries the wrapper with the status as its code. */
export function expectNoServerError(route: RouteEntry, request: InjectOptions, res: LightMyRequestResponse) {
  const payload = Buffer.isBuffer(request.payload) ? '(multipart)' : String(request.payload ?? '');
  const what = `${route.method} ${String(request.url).slice(0, 300)} ${payload.slice(0, 300)} → ${res.statusCode} ${res.body.slice(0, 300)}`;
  expect(res.statusCode, what).toBeLessThan(500);
  if (FOREIGN_REPLIES.has(`${route.method} ${route.url}`)) {
    if (res.statusCode >= 400) expect(JSON.parse(res.body), what).toMatchObject({ code: 'FAIL' });
    return;
  }
  // Browser hops of the third-party sign-in answer with a redirect, not the wrapper.
  if (res.statusCode >= 300 && res.statusCode < 400) {
    expect(res.headers.location, what).toBeTruthy();
    return;
  }
  // File answers (exports, templates) are attachments, not the wrapper.
  if (res.statusCode === 200 && String(res.headers['content-disposition']).startsWith('attachment')) return;
  let wrapped: { code?: unknown };
  try {
    wrapped = JSON.parse(res.body) as { code?: unknown };
  } catch {
    throw new Error(`not the JSON wrapper: ${what}`);
  }
  expect(wrapped.code, what).toBe(res.statusCode);
}
