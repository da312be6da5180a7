import { createHash } from 'node:crypto';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { TSchema } from 'typebox';
import { isoNow } from './result.js';

interface Body {
  /** The envelope up to its `time` value, the result's JSON as the route's schema serialises it. */
  head: Buffer;
  /** A strong validator of that JSON (the envelope's `time` is not part of the answer's content). */
  etag: string;
}

/**
 * The answer of a route whose result is a cached, never-mutated value (a menu tree of the menu
 * cache, a principal's account information): it is serialised once per value instead of once per
 * request, and a client that already holds it (`If-None-Match`, the browser revalidating its cached
 * copy on a reload) gets a bodyless 304. The hot sign-in reads, userInfo (9 KB for an
 * administrator) and loginMenuTree (27 KB), spent most of their time serialising the same arrays.
 *
 * The value must not change after it is first answered: the cache is keyed by its identity. Not for
 * routes with a field blacklist (`config.table`), whose answers differ per caller and are stripped
 * after the handler; such a route is refused at its first request.
 */
export class SharedAnswer<T extends object> {
  private readonly bodies = new WeakMap<T, Body>();

  constructor(private readonly schema: TSchema) {}

  /** Sends the answer (returns the reply, as a handler that has sent must). */
  send(request: FastifyRequest, reply: FastifyReply, value: T): FastifyReply {
    if (request.routeOptions.config?.table) {
      throw new Error(`${request.routeOptions.url}: a shared answer cannot honour a field blacklist`);
    }
    const body = this.bodyOf(reply, value);
    // `no-cache`: the browser may keep it but must ask each time, so a change shows at once.
    void reply.header('cache-control', 'private, no-cache').header('etag', body.etag);
    if (matches(request.headers['if-none-match'], body.etag)) return reply.code(304).send();
    // Bytes go out as they are: no serializer, and no UTF-8 encoding or length count of a string
    // (both scale with the answer: a 27 KB menu tree).
    return reply
      .type('application/json; charset=utf-8')
      .send(Buffer.concat([body.head, Buffer.from(`${isoNow()}"}`, 'latin1')]));
  }

  private bodyOf(reply: FastifyReply, value: T): Body {
    let body = this.bodies.get(value);
    if (!body) {
      // The route's own serializer for the schema (compiled once per route and schema by Fastify):
      // fields the schema does not declare are left out exactly as in every other answer.
      const serialize = reply.compileSerializationSchema(this.schema as unknown as Record<string, unknown>);
      const json = serialize(value as unknown as Record<string, unknown>);
      const etag = `"${createHash('sha256').update(json).digest('base64url').slice(0, 27)}"`;
      const head = Buffer.from(
        `{"code":200,"type":"success","message":"","result":${json},"extras":null,"time":"`,
      );
      body = { head, etag };
      this.bodies.set(value, body);
    }
    return body;
  }
}

/** `If-None-Match` as RFC 9110 reads it for GET: `*`, or a list of tags compared weakly. */
function matches(header: string | undefined, etag: string): boolean {
  if (!header) return false;
  if (header.trim() === '*') return true;
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === etag);
}
