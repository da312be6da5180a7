import { randomUUID } from 'node:crypto';
import type { Config } from '../../config.js';
import type { Cache } from '../cache/index.js';
import type { Database, Trx } from '../db/database.js';
import { newId } from '../db/ids.js';
import { loadPrincipal, type Principal } from './principal.js';
import {
  insertTokenFamily,
  lockTokenFamily,
  revokeReusedFamily,
  revokeTokenFamily,
  revokeUserTokenFamilies,
  rotateTokenFamily,
} from './sessions.repo.js';
import { tenantEpochKey, type TenantCache, type TenantEntry } from './tenant-cache.js';
import type { AccessClaims, RefreshClaims, TokenCodec, TokenPair } from './tokens.js';

const PRINCIPAL_TTL = 3600;
const STAMP_TTL = 86_400;
const MENU_EPOCH_KEY = 'menus:epoch';
const principalKey = (tenantId: string, userId: string) => `principal:${tenantId}:${userId}`;
const userStampKey = (userId: string) => `user:stamp:${userId}`;

type CachedPrincipal = Principal & { userStamp: string };

export interface SessionMeta {
  ip?: string;
  userAgent?: string;
}

export type RefreshOutcome =
  | { kind: 'rotated'; claims: AccessClaims; pair: TokenPair }
  /** A request that raced a rotation presented the previous token within the grace window. */
  | { kind: 'grace'; claims: AccessClaims }
  | { kind: 'invalid' };

/** A session ended: one token family, or (no `family`) every session of the user. */
export interface RevokeEvent {
  /** The account's own tenant. */
  tenantId: string;
  userId: string;
  family?: string;
  reason: string;
}
export type RevokeListener = (event: RevokeEvent) => void;

/**
 * Token families (one per sign-in), rotation with reuse detection, revocation, and the cached
 * principal of each session. A principal is valid while the user's stamp, the tenant's epoch and
 * the global menu epoch are those it was computed under; changing any of them takes effect on the
 * next request.
 */
export class Sessions {
  constructor(
    private readonly db: Database,
    private readonly cache: Cache,
    private readonly tenants: TenantCache,
    private readonly codec: TokenCodec,
    private readonly config: Config,
  ) {}

  private readonly revokeListeners: RevokeListener[] = [];

  /** Calls `listener` after every revocation has committed (the realtime hub ends open pages). */
  onRevoke(listener: RevokeListener): () => void {
    this.revokeListeners.push(listener);
    return () => {
      const index = this.revokeListeners.indexOf(listener);
      if (index >= 0) this.revokeListeners.splice(index, 1);
    };
  }

  private revoked(event: RevokeEvent): void {
    for (const listener of this.revokeListeners) {
      // The revocation has committed; a listener's failure must not turn it into an error.
      try {
        listener(event);
      } catch {
        // Listeners report their own failures.
      }
    }
  }

  /** Opens a token family (one sign-in); inside the caller's transaction when one is given. */
  async issue(
    user: { id: string; tenantId: string },
    tenantId: string,
    meta: SessionMeta,
    trx?: Trx,
  ): Promise<TokenPair> {
    const family = newId();
    const insert = (db: Trx) =>
      insertTokenFamily(db, {
        id: family,
        tenantId: user.tenantId,
        userId: user.id,
        expiresAt: new Date(Date.now() + this.config.refreshTokenMinutes * 60_000),
        ip: meta.ip?.slice(0, 64) ?? null,
        userAgent: meta.userAgent?.slice(0, 512) ?? null,
      });
    await (trx ? insert(trx) : this.db.tenant(user.tenantId, insert));
    return this.codec.pair(this.accessClaims(user.id, tenantId, user.tenantId, family), 1);
  }

  private accessClaims(userId: string, tenantId: string, homeTenantId: string, fam: string) {
    return { sub: userId, tid: tenantId, fam, ...(homeTenantId !== tenantId ? { ut: homeTenantId } : {}) };
  }

  /** Rotates a refresh token; a token older than the current generation revokes the family. */
  async refresh(refreshToken: string, expiredAccess?: string): Promise<RefreshOutcome> {
    const verified = this.codec.verify<RefreshClaims>(refreshToken, 'r');
    if (!verified.ok) return { kind: 'invalid' };
    const claims = verified.claims;
    if (expiredAccess) {
      const access = this.codec.decodeExpired(expiredAccess);
      if (access && (access.fam !== claims.fam || access.sub !== claims.sub)) return { kind: 'invalid' };
    }
    const homeTenantId = claims.ut ?? claims.tid;
    const access = {
      sub: claims.sub,
      tid: claims.tid,
      fam: claims.fam,
      typ: 'a' as const,
      ...(claims.ut ? { ut: claims.ut } : {}),
    };
    const outcome = await this.db.tenant(homeTenantId, async (trx) => {
      const family = await lockTokenFamily(trx, claims.fam);
      if (!family || family.revokedAt || family.userId !== claims.sub || family.expiresAt < new Date()) {
        return 'invalid' as const;
      }
      if (claims.gen === family.generation) {
        await rotateTokenFamily(trx, family.id, family.generation + 1);
        return family.generation + 1;
      }
      const graceMs = this.config.refreshGraceSeconds * 1000;
      if (
        claims.gen === family.generation - 1 &&
        family.rotatedAt &&
        Date.now() - family.rotatedAt.getTime() <= graceMs
      ) {
        return 'grace' as const;
      }
      await revokeReusedFamily(trx, family.id);
      return 'reused' as const;
    });
    if (outcome === 'invalid') return { kind: 'invalid' };
    if (outcome === 'reused') {
      await this.touchUser(claims.sub);
      this.revoked({ tenantId: homeTenantId, userId: claims.sub, family: claims.fam, reason: 'reuse' });
      return { kind: 'invalid' };
    }
    if (outcome === 'grace') return { kind: 'grace', claims: access };
    return {
      kind: 'rotated',
      claims: access,
      pair: this.codec.pair(this.accessClaims(claims.sub, claims.tid, homeTenantId, claims.fam), outcome),
    };
  }

  /** Ends one session (logout). */
  async revokeFamily(homeTenantId: string, userId: string, familyId: string, reason: string): Promise<void> {
    await this.db.tenant(homeTenantId, (trx) => revokeTokenFamily(trx, familyId, reason));
    await this.touchUser(userId);
    this.revoked({ tenantId: homeTenantId, userId, family: familyId, reason });
  }

  /** Ends every session of a user (disable, password change, force offline, lockout). */
  async revokeUser(homeTenantId: string, userId: string, reason: string): Promise<void> {
    await this.db.tenant(homeTenantId, (trx) => revokeUserTokenFamilies(trx, userId, reason));
    await this.touchUser(userId);
    this.revoked({ tenantId: homeTenantId, userId, reason });
  }

  /** Marks a user's cached principal stale (call after the change has committed). */
  async touchUser(userId: string): Promise<void> {
    await this.cache.del(userStampKey(userId));
  }

  /** Marks every principal stale after a change of menus (global). */
  async touchMenus(): Promise<void> {
    await this.cache.del(MENU_EPOCH_KEY);
  }

  /** The current value of a stamp, created when absent (a missing stamp matches no principal). */
  private async stamp(key: string, known: string | undefined): Promise<string> {
    if (known) return known;
    const fresh = randomUUID();
    if (await this.cache.setIfAbsent(key, fresh, STAMP_TTL)) return fresh;
    return (await this.cache.get<string>(key)) ?? fresh;
  }

  /** Principals parsed in this process, reused while their stamps are current. */
  private readonly local = new Map<string, CachedPrincipal>();

  private remember(key: string, principal: CachedPrincipal) {
    if (this.local.size >= 10_000) this.local.delete(this.local.keys().next().value!);
    this.local.set(key, principal);
  }

  /**
   * The session's principal and tenant. When nothing changed this is one cache round trip for
   * three small stamps; the principal and tenant come from this process's memory.
   */
  async resolve(claims: AccessClaims): Promise<{ principal?: Principal; tenant?: TenantEntry }> {
    if (this.cache.degraded) return this.resolveFromDatabase(claims);
    const pKey = principalKey(claims.tid, claims.sub);
    const sKey = userStampKey(claims.sub);
    const [tenantEpoch, menuEpochCached, userStampCached] = await this.cache.getMany<
      [string, string, string]
    >([tenantEpochKey(claims.tid), MENU_EPOCH_KEY, sKey]);
    const tenant = await this.tenants.atEpoch(claims.tid, tenantEpoch);
    if (!tenant) return {};
    const current = (p: CachedPrincipal | undefined): p is CachedPrincipal =>
      !!p &&
      !!userStampCached &&
      !!menuEpochCached &&
      p.userStamp === userStampCached &&
      p.tenantEpoch === tenant.epoch &&
      p.menuEpoch === menuEpochCached;

    const local = this.local.get(pKey);
    if (current(local)) return { principal: local, tenant };
    const shared = await this.cache.get<CachedPrincipal>(pKey);
    if (current(shared)) {
      this.remember(pKey, shared);
      return { principal: shared, tenant };
    }
    const userStamp = await this.stamp(sKey, userStampCached);
    const menuEpoch = await this.stamp(MENU_EPOCH_KEY, menuEpochCached);
    // A tenant with a database of its own reads its copy of the menus: refreshed when they changed.
    await this.db.tenantDatabases?.menusAt(claims.tid, menuEpoch);
    const principal = await this.load(claims, tenant, menuEpoch);
    if (!principal) return { tenant };
    const cached = { ...principal, userStamp };
    await this.cache.set(pKey, cached, PRINCIPAL_TTL);
    this.remember(pKey, cached);
    return { principal: cached, tenant };
  }

  /**
   * While Redis is unreachable no process learns what another changed: every request reads the
   * tenant and the principal from the database (slower, but a logout, a disable or a grant made on
   * any process applies at once). The menu epoch is this process's own meanwhile (a minute at most),
   * so a tenant with its own database copies changed menus again within a minute.
   */
  private async resolveFromDatabase(
    claims: AccessClaims,
  ): Promise<{ principal?: Principal; tenant?: TenantEntry }> {
    const tenant = await this.tenants.get(claims.tid);
    if (!tenant) return {};
    const menuEpoch = await this.stamp(MENU_EPOCH_KEY, await this.cache.get<string>(MENU_EPOCH_KEY));
    await this.db.tenantDatabases?.menusAt(claims.tid, menuEpoch);
    return { principal: await this.load(claims, tenant, menuEpoch), tenant };
  }

  private load(claims: AccessClaims, tenant: TenantEntry, menuEpoch: string) {
    return loadPrincipal(this.db, {
      userId: claims.sub,
      tenantId: claims.tid,
      homeTenantId: claims.ut ?? claims.tid,
      tenantEpoch: tenant.epoch,
      menuEpoch,
    });
  }
}
