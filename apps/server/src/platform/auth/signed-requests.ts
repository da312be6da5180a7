import type { FastifyRequest } from 'fastify';
import { NONCE_KEY_PREFIX, type Cache } from '../cache/cache.js';
import { openSecret } from '../crypto/secret-box.js';
import type { ServerKeys } from '../crypto/keys.js';
import type { Database } from '../db/database.js';
import { unauthorized } from '../http/errors.js';
import { findSigningKey, touchSigningKey } from './open-access.repo.js';
import type { Principal } from './principal.js';
import type { Sessions } from './sessions.js';
import {
  computeSign,
  NONCE_TTL_SECONDS,
  SIGNATURE_DRIFT_SECONDS,
  SIGNATURE_HEADERS as H,
  signsEqual,
  stringToSign,
} from './signature.js';
import type { TenantCache, TenantEntry } from './tenant-cache.js';
import type { AccessClaims } from './tokens.js';
import { Status } from '@lintel/contracts';

/** The tenant id an access key names (`<tenantId>_<random>`), or undefined for a malformed key. */
export function tenantOfAccessKey(accessKey: string): string | undefined {
  return /^([1-9]\d{0,18})_[A-Za-z0-9]{16,40}$/.exec(accessKey)?.[1];
}

const header = (request: FastifyRequest, name: string) => {
  const value = request.headers[name];
  return (Array.isArray(value) ? value[0] : value)?.trim() || undefined;
};

/** The token family of a signed request: never revoked (the key's status is checked instead). */
export const signedFamily = (keyId: string) => `open:${keyId}`;

/**
 * Open API requests: signed with an access key instead of a token (Admin.NET's Signature scheme),
 * accepted on every /api route. The request acts as the key's account: the principal is the one
 * its token would have (permissions, data scope, blacklists), built by the same session cache.
 * Every failure is a plain 401 carrying its reason.
 */
export class SignedRequests {
  constructor(
    private readonly db: Database,
    private readonly cache: Cache,
    private readonly keys: Pick<ServerKeys, 'dataKeys'>,
    private readonly sessions: Sessions,
    private readonly tenants: TenantCache,
  ) {}

  /** Whether the request carries any of the signature headers (then it is judged as signed). */
  present(request: FastifyRequest): boolean {
    return !!(header(request, H.accessKey) ?? header(request, H.sign));
  }

  async resolve(
    request: FastifyRequest,
  ): Promise<{ claims: AccessClaims; principal: Principal; tenant: TenantEntry }> {
    // One identity per request: a token beside a signature would leave which one acts unclear.
    if (request.headers.authorization || request.headers['x-authorization'])
      throw unauthorized('openAccess.tokenAndSignature');
    const accessKey = header(request, H.accessKey);
    const timestamp = header(request, H.timestamp);
    const nonce = header(request, H.nonce);
    const sign = header(request, H.sign);
    if (!accessKey || !timestamp || !nonce || !sign || nonce.length > 64)
      throw unauthorized('openAccess.headersMissing');
    if (
      !/^\d{1,11}$/.test(timestamp) ||
      Math.abs(Date.now() / 1000 - Number(timestamp)) > SIGNATURE_DRIFT_SECONDS
    )
      throw unauthorized('openAccess.timestampExpired');
    const tenantId = tenantOfAccessKey(accessKey);
    const tenant = tenantId ? await this.tenants.get(tenantId) : undefined;
    if (!tenantId || !tenant) throw unauthorized('openAccess.keyUnknown');
    const key = await this.db.tenant(tenantId, (trx) => findSigningKey(trx, accessKey));
    if (!key) throw unauthorized('openAccess.keyUnknown');
    const expected = computeSign(
      openSecret(this.keys, key.accessSecret),
      stringToSign(request.method, request.url, accessKey, timestamp, nonce),
    );
    if (!signsEqual(expected, sign)) throw unauthorized('openAccess.signInvalid');
    // Only a correctly signed request spends its nonce: a forger cannot burn a client's nonces. Only
    // Redis knows the nonces every process saw: while it is unreachable the request is refused (503).
    const fresh = await this.cache.setIfAbsent(
      `${NONCE_KEY_PREFIX}${accessKey}|${nonce}`,
      1,
      NONCE_TTL_SECONDS,
      {
        shared: true,
      },
    );
    if (!fresh) throw unauthorized('openAccess.nonceReplayed');
    if (key.status !== Status.Enable) throw unauthorized('openAccess.keyDisabled');
    if (tenant.status !== Status.Enable) throw unauthorized('auth.tenantDisabled');
    if (key.locked) throw unauthorized('openAccess.accountLocked');
    const claims: AccessClaims = { sub: key.bindUserId, tid: tenantId, fam: signedFamily(key.id), typ: 'a' };
    const { principal } = await this.sessions.resolve(claims);
    if (!principal || principal.homeTenantId !== tenantId) throw unauthorized('openAccess.accountGone');
    if (principal.status !== Status.Enable) throw unauthorized('auth.accountDisabled');
    await this.db.tenant(tenantId, (trx) => touchSigningKey(trx, key.id, request.ip));
    return { claims, principal, tenant };
  }
}
