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

/** HS256 signing and verification with the secret generated at first start. */
export class TokenCodec {
  private readonly signAccess;
  private readonly signRefresh;
  private readonly verifier;
  private readonly verifierIgnoringExpiry;

  constructor(secret: string, accessMinutes: number, refreshMinutes: number) {
    this.signAccess = createSigner({ key: secret, algorithm: 'HS256', expiresIn: accessMinutes * 60_000 });
    this.signRefresh = createSigner({ key: secret, algorithm: 'HS256', expiresIn: refreshMinutes * 60_000 });
    const common = { key: secret, algorithms: ['HS256' as const], clockTolerance: 5_000 };
    this.verifier = createVerifier({ ...common, cache: 10_000 });
    this.verifierIgnoringExpiry = createVerifier({ ...common, ignoreExpiration: true });
  }

  pair(access: Omit<AccessClaims, 'typ' | 'iat' | 'exp'>, generation: number): TokenPair {
    return {
      accessToken: this.signAccess({ ...access, typ: 'a' }),
      refreshToken: this.signRefresh({ ...access, typ: 'r', gen: generation }),
    };
  }

  verify<T extends AccessClaims | RefreshClaims>(token: string, typ: T['typ']): VerifyOutcome<T> {
    try {
      const claims = this.verifier(token) as T;
      return claims.typ === typ ? { ok: true, claims } : { ok: false, expired: false };
    } catch (error) {
      return { ok: false, expired: error instanceof TokenError && error.code === TokenError.codes.expired };
    }
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
