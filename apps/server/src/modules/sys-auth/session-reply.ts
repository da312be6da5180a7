import type { FastifyReply, FastifyRequest } from 'fastify';
import { ACCESS_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '@lintel/contracts';
import type { SessionMeta } from '../../platform/auth/sessions.js';
import type { TokenPair } from '../../platform/auth/tokens.js';
import { ok } from '../../platform/http/result.js';

/** The device a sign-in comes from, as its session records it. */
export const sessionMeta = (request: FastifyRequest): SessionMeta => ({
  ip: request.ip,
  userAgent: request.headers['user-agent'] ?? '',
});

/** Sets the new pair in the token headers (the client stores them from there) besides the body. */
export function setPairHeaders(reply: FastifyReply, pair: TokenPair): void {
  reply.header(ACCESS_TOKEN_HEADER, pair.accessToken);
  reply.header(REFRESH_TOKEN_HEADER, pair.refreshToken);
}

/** The answer of every sign-in: the pair in headers and body. */
export function sendPair(reply: FastifyReply, pair: TokenPair) {
  setPairHeaders(reply, pair);
  return ok({ ...pair, homepage: null });
}
