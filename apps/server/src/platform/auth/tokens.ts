import { createSigner, createVerifier, TokenError } from 'fast-jwt';

/** Claims of the access token. `ut` is the account's own tenant when it differs from `tid`. */
export interface AccessClaims {
  sub: string;
  tid: string;
  ut?: string;
  fam: string;
  typ: 'a';
  iat?: number;
  exp?: number;
}

/** Claims of the refresh token: `gen` is the family generation it was issued for. */
export interface RefreshClaims extends Omit<AccessClaims, 'typ'> {
  typ: 'r';
  gen: number;
}

export interface TokenPair {
  accessToken: string;
  refreshToken: string;
}

export type VerifyOutcome<T> = { ok: true; claims: T } | { ok: false; expired: boolean };

const CLOCK_TOLERANCE_MS = 5_000;
const CACHE_ENTRIES = 10_000;
const CACHE_TTL_MS = 600_000;

/**
 * HS256 signing and verification with the secret generated at first start.
 *
 * Verified tokens are cached by the token string itself. fast-jwt's own cache keys its entries by a
 * SHA-256 of the token, and creating that hash per request cost nearly as much as the HMAC it
 * saved (~8 µs per hit against ~0.3 µs for a Map lookup; the largest Lintel-specific cost of an
 * authenticated request in bench/). Only tokens whose signature verified are stored, and expiry is
 * checked on every hit with the verifier's clock tolerance.
 */
export class TokenCodec {
  private readonly signAccess;
  private readonly signRefresh;
  private readonly verifier;
  private readonly verifierIgnoringExpiry;
  /** Token -> its claims and the time (ms) until which they are valid; oldest insertion first. */
  private readonly verified = new Map<string, { claims: AccessClaims | RefreshClaims; until: number }>();

  constructor(secret: string, accessMinutes: number, refreshMinutes: number) {
    this.signAccess = createSigner({ key: secret, algorithm: 'HS256', expiresIn: accessMinutes * 60_000 });
    this.signRefresh = createSigner({ key: secret, algorithm: 'HS256', expiresIn: refreshMinutes * 60_000 });
    const common = { key: secret, algorithms: ['HS256' as const], clockTolerance: CLOCK_TOLERANCE_MS };
    this.verifier = createVerifier(common);
    this.verifierIgnoringExpiry = createVerifier({ ...common, ignoreExpiration: true });
  }

  pair(access: Omit<AccessClaims, 'typ' | 'iat' | 'exp'>, generation: number): TokenPair {
    return {
      accessToken: this.signAccess({ ...access, typ: 'a' }),
      refreshToken: this.signRefresh({ ...access, typ: 'r', gen: generation }),
    };
  }

  verify<T extends AccessClaims | RefreshClaims>(token: string, typ: T['typ']): VerifyOutcome<T> {
    const now = Date.now();
    const hit = this.verified.get(token);
    let claims: T;
    if (hit && now <= hit.until) {
      claims = hit.claims as T;
    } else {
      if (hit) this.verified.delete(token);
      try {
        claims = this.verifier(token) as T;
      } catch (error) {
        return { ok: false, expired: error instanceof TokenError && error.code === TokenError.codes.expired };
      }
      this.remember(token, claims, now);
    }
    return claims.typ === typ ? { ok: true, claims } : { ok: false, expired: false };
  }

  private remember(token: string, claims: AccessClaims | RefreshClaims, now: number): void {
    // Valid until expiry (with the verifier's tolerance), and re-verified at least every 10 minutes.
    const until = Math.min(
      now + CACHE_TTL_MS,
      typeof claims.exp === 'number' ? claims.exp * 1000 + CLOCK_TOLERANCE_MS : Infinity,
    );
    if (this.verified.size >= CACHE_ENTRIES) {
      const oldest = this.verified.keys().next().value;
      if (oldest !== undefined) this.verified.delete(oldest);
    }
    this.verified.set(token, { claims, until });
  }

  /** Signature check only: used to match an expired access token with its refresh token. */
  decodeExpired(token: string): AccessClaims | undefined {
    try {
      const claims = this.verifierIgnoringExpiry(token) as AccessClaims;
      return claims.typ === 'a' ? claims : undefined;
    } catch {
      return undefined;
    }
  }
}
