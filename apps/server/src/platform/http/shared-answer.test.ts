import Fastify, { type FastifyInstance } from 'fastify';
import { Type } from 'typebox';
import { afterEach, describe, expect, it } from 'vitest';
import { Wrapped } from './result.js';
import { SharedAnswer } from './shared-answer.js';

const Row = Type.Object({ id: Type.String(), name: Type.String() });
const answer = new SharedAnswer<object>(Type.Array(Row));
let app: FastifyInstance;

async function serve(value: () => object, config: Record<string, unknown> = {}) {
  app = Fastify();
  app.get('/rows', { config, schema: { response: { 200: Wrapped(Type.Array(Row)) } } }, (request, reply) =>
    answer.send(request, reply, value()),
  );
  await app.ready();
}

afterEach(() => app.close());

describe('a shared answer', () => {
  it('is the envelope the route schema would build, undeclared fields left out', async () => {
    const rows = [{ id: '1', name: '张三', secret: 'never sent' }];
    await serve(() => rows);
    const response = await app.inject({ method: 'GET', url: '/rows' });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(Number(response.headers['content-length'])).toBe(response.rawPayload.length);
    const body = response.json();
    expect(body).toEqual({
      code: 200,
      type: 'success',
      message: '',
      result: [{ id: '1', name: '张三' }],
      extras: null,
      time: expect.stringMatching(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}[+-]\d\d:\d\d$/),
    });
  });

  it('is serialised once per value: a value changed in place after its first answer is not seen', async () => {
    // The contract the callers keep (cached values are replaced, never mutated): shown here so a
    // cache keyed by anything but identity would fail this test.
    const rows = [{ id: '1', name: 'first' }];
    await serve(() => rows);
    await app.inject({ method: 'GET', url: '/rows' });
    rows[0]!.name = 'changed in place';
    expect((await app.inject({ method: 'GET', url: '/rows' })).json().result[0].name).toBe('first');
  });

  it('answers 304 with no body to a client holding the same content, and 200 once it changed', async () => {
    let rows = [{ id: '1', name: 'a' }];
    await serve(() => rows);
    const first = await app.inject({ method: 'GET', url: '/rows' });
    const etag = first.headers.etag as string;
    expect(etag).toMatch(/^"[\w-]{27}"$/);
    expect(first.headers['cache-control']).toBe('private, no-cache');

    const again = await app.inject({ method: 'GET', url: '/rows', headers: { 'if-none-match': etag } });
    expect(again.statusCode).toBe(304);
    expect(again.rawPayload.length).toBe(0);
    const listed = await app.inject({
      method: 'GET',
      url: '/rows',
      headers: { 'if-none-match': `"other", W/${etag}` },
    });
    expect(listed.statusCode).toBe(304);

    rows = [{ id: '1', name: 'b' }];
    const changed = await app.inject({ method: 'GET', url: '/rows', headers: { 'if-none-match': etag } });
    expect(changed.statusCode).toBe(200);
    expect(changed.headers.etag).not.toBe(etag);
    expect(changed.json().result).toEqual([{ id: '1', name: 'b' }]);
  });

  it('refuses a route with a field blacklist, whose answers differ per caller', async () => {
    await serve(() => [], { table: 'sys_user' });
    const response = await app.inject({ method: 'GET', url: '/rows' });
    expect(response.statusCode).toBe(500);
  });
});
