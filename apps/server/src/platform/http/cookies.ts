import type { FastifyReply, FastifyRequest } from 'fastify';

/**
 * The few cookies the server sets (documentation login, third-party sign-in state, file access) are
 * read and written here, without a cookie plugin hooked into every request and response: API calls
 * authenticate with bearer tokens and never need one.
 */
export function readCookie(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (!header) return undefined;
  for (const part of header.split(';')) {
    const index = part.indexOf('=');
    if (index < 0) continue;
    if (part.slice(0, index).trim() !== name) continue;
    try {
      return decodeURIComponent(part.slice(index + 1).trim());
    } catch {
      return undefined; // a malformed escape is no cookie of ours
    }
  }
  return undefined;
}

export interface CookieOptions {
  path: string;
  /** Seconds; 0 deletes the cookie. */
  maxAge: number;
  sameSite: 'Strict' | 'Lax';
  /** Secure when the request came over TLS (directly or through a trusted proxy). */
  secure?: boolean;
}

/** A Set-Cookie value: always HttpOnly, so page scripts never read what these cookies hold. */
export function cookieValue(name: string, value: string, options: CookieOptions): string {
  const parts = [
    `${name}=${encodeURIComponent(value)}`,
    `Path=${options.path}`,
    `Max-Age=${Math.max(0, Math.floor(options.maxAge))}`,
    'HttpOnly',
    `SameSite=${options.sameSite}`,
  ];
  if (options.secure) parts.push('Secure');
  return parts.join('; ');
}

/** Adds a Set-Cookie header without dropping ones set earlier in the same answer. */
export function setCookie(
  reply: FastifyReply,
  name: string,
  value: string,
  options: Omit<CookieOptions, 'secure'>,
): void {
  const cookie = cookieValue(name, value, { ...options, secure: reply.request.protocol === 'https' });
  // Fastify appends to a set-cookie header already there (reply.js), so one call per cookie.
  reply.header('set-cookie', cookie);
}
