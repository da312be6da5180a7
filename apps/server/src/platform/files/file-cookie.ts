import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createSigner, createVerifier } from 'fast-jwt';
import { ACCESS_TOKEN_HEADER, INVALID_TOKEN } from '@lintel/contracts';
import type { AccessClaims, TokenCodec } from '../auth/tokens.js';
import { readCookie, setCookie } from '../http/cookies.js';

export const FILE_COOKIE = 'lintel_files';
/** Browsers send it with file requests only, never to the API. */
const FILE_COOKIE_PATH = '/upload';

/** What the cookie proves: the session (user, tenant worked in, token family) and until when. */
interface FileClaims {
  sub: string;
  tid: string;
  ut?: string;
  fam: string;
  typ: 'f';
  exp: number;
}

/**
 * The proof of a session for file requests. <img> tags send no Authorization header, so the browser
 * needs a cookie; it is HttpOnly (page scripts never read it), SameSite=Lax (other sites' pages do
 * not embed a signed-in user's files) and scoped to /upload.
 *
 * It holds an HS256 JWT signed with the server's JWT secret. Its `typ` is `f`, so it is no access or
 * refresh token (those are `a` and `r`, and each verifier checks the type): a leaked file cookie reads
 * files and nothing else. It expires with the access token it was issued beside, so it is never worth
 * more than that token; the serving side still checks that the family is not revoked.
 */
export class FileCookie {
  private readonly sign;
  private readonly verify;

  constructor(secret: string) {
    this.sign = createSigner({ key: secret, algorithm: 'HS256', noTimestamp: true });
    this.verify = createVerifier({ key: secret, algorithms: ['HS256'], requiredClaims: ['exp'] });
  }

  /** Sets the cookie for the session of an access token, for as long as that token lives. */
  grant(reply: FastifyReply, access: AccessClaims): void {
    if (typeof access.exp !== 'number') return;
    const maxAge = access.exp - Math.floor(Date.now() / 1000);
    if (maxAge <= 0) return;
    const claims: FileClaims = {
      sub: access.sub,
      tid: access.tid,
      ...(access.ut ? { ut: access.ut } : {}),
      fam: access.fam,
      typ: 'f',
      exp: access.exp,
    };
    setCookie(reply, FILE_COOKIE, this.sign(claims), { path: FILE_COOKIE_PATH, maxAge, sameSite: 'Lax' });
  }

  /**
   * The session a request's cookie proves, in the shape of access claims (what Sessions.resolve
   * takes); undefined when the cookie is absent, forged, of another type or expired.
   */
  read(request: FastifyRequest): AccessClaims | undefined {
    const value = readCookie(request, FILE_COOKIE);
    if (!value) return undefined;
    let claims: FileClaims;
    try {
      claims = this.verify(value) as FileClaims;
    } catch {
      return undefined;
    }
    const { typ, sub, tid, fam } = claims;
    if (typ !== 'f' || typeof sub !== 'string' || typeof tid !== 'string' || typeof fam !== 'string')
      return undefined;
    return {
      sub: claims.sub,
      tid: claims.tid,
      ...(claims.ut ? { ut: claims.ut } : {}),
      fam: claims.fam,
      typ: 'a',
    };
  }
}

/** Deletes the cookie (sign-out). */
export function clearFileCookie(reply: FastifyReply): void {
  setCookie(reply, FILE_COOKIE, '', { path: FILE_COOKIE_PATH, maxAge: 0, sameSite: 'Lax' });
}

/** Whether the answer already sets or deletes the file cookie (logout deletes it). */
function setsFileCookie(reply: FastifyReply): boolean {
  const header = reply.getHeader('set-cookie');
  if (header === undefined) return false;
  return [header].flat().some((value) => String(value).startsWith(`${FILE_COOKIE}=`));
}

/**
 * Every answer that hands out a token pair carries the access token in its `access-token` header:
 * password, phone, QR and third-party sign-in, GET refreshToken and the gate's rotation. One hook
 * there sets the file cookie beside each, so no sign-in path, present or future, can forget it.
 * An answer that marks the token invalid deletes the cookie; one whose handler already set or
 * deleted it (a logout that rotated an expired token on the way in) is left as it is.
 */
export function registerFileCookie(app: FastifyInstance, cookie: FileCookie, codec: TokenCodec): void {
  app.addHook('onSend', (_request, reply, payload, done) => {
    const token = reply.getHeader(ACCESS_TOKEN_HEADER);
    if (token === undefined || setsFileCookie(reply)) {
      // Nothing to do: most answers.
    } else if (token === INVALID_TOKEN) {
      clearFileCookie(reply);
    } else if (typeof token === 'string') {
      const verified = codec.verify<AccessClaims>(token, 'a');
      if (verified.ok) cookie.grant(reply, verified.claims);
    }
    done(null, payload);
  });
}
