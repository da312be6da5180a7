import { LOGIN_ACCOUNT_TYPES, Status, type AccountType, type Locale } from '@lintel/contracts';
import { t } from '../i18n/index.js';
import type { Principal } from '../auth/principal.js';
import type { Sessions } from '../auth/sessions.js';
import type { AccessClaims, TokenCodec } from '../auth/tokens.js';

/** A refused handshake: the client's `connect_error` carries the message and `data`. */
export class HandshakeError extends Error {
  readonly data: { code: 401; key: string; expired: boolean };
  constructor(locale: Locale, key: string, expired = false) {
    super(t(locale, key));
    this.data = { code: 401, key, expired };
  }
}

export interface HandshakeIdentity {
  claims: AccessClaims;
  principal: Principal;
}

/**
 * Checks the access token of a handshake as the HTTP gate checks a request's: signature and expiry,
 * a live token family, an enabled tenant (super admin excepted) and an enabled account that may
 * sign in. An expired token is refused with `expired: true`: the client refreshes over HTTP first.
 */
export async function authenticateHandshake(
  token: unknown,
  locale: Locale,
  sessions: Sessions,
  codec: TokenCodec,
): Promise<HandshakeIdentity> {
  if (typeof token !== 'string' || token === '') throw new HandshakeError(locale, 'error.unauthorized');
  const verified = codec.verify<AccessClaims>(token, 'a');
  if (!verified.ok) throw new HandshakeError(locale, 'error.tokenInvalid', verified.expired);
  return judgeSession(verified.claims, locale, sessions);
}

/** The session of a token whose signature and expiry were checked: live, or a HandshakeError. */
export async function judgeSession(
  claims: AccessClaims,
  locale: Locale,
  sessions: Sessions,
): Promise<HandshakeIdentity> {
  const { principal, tenant } = await sessions.resolve(claims);
  if (!principal || principal.revokedFamilies.includes(claims.fam)) {
    throw new HandshakeError(locale, 'error.tokenInvalid');
  }
  if (!tenant || (tenant.status !== Status.Enable && !principal.isSuperAdmin)) {
    throw new HandshakeError(locale, 'auth.tenantDisabled');
  }
  if (principal.status !== Status.Enable) throw new HandshakeError(locale, 'auth.accountDisabled');
  if (!LOGIN_ACCOUNT_TYPES.includes(principal.accountType as AccountType)) {
    throw new HandshakeError(locale, 'auth.noLoginPermission');
  }
  return { claims, principal };
}
