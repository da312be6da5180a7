import { AccountType } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Database, Trx } from '../../platform/db/database.js';
import type { User } from '../../platform/db/schema.js';

/**
 * What a lockout counts failures on: the account itself, in its own tenant (a super admin is locked
 * in every tenant it signs in to, by account name and by e-mail alike), or, for a name no account
 * has, that name in the tenant it was typed in.
 */
export interface LockKey {
  tenantId: string;
  subject: string;
}

export const accountLock = (user: { id: string; tenantId: string }): LockKey => ({
  tenantId: user.tenantId,
  subject: `u:${user.id}`,
});
const nameLock = (tenantId: string, name: string): LockKey => ({
  tenantId,
  subject: `n:${name.slice(0, 64)}`,
});

/** The SQL of sign-in: account lookup, login failures and the last-login record. */
export class SysAuthRepo {
  constructor(private readonly db: Database) {}

  /**
   * Everything a password sign-in reads: the account, by account name or e-mail (case-insensitive),
   * and the lock state of what its failures count on. A super admin of any tenant may sign in to
   * every tenant, so when the tenant has no such account the super admins are looked up too.
   */
  async loginLookup(
    tenantId: string,
    login: string,
  ): Promise<{ user?: User; lock: LockKey; lockedUntil?: Date; hasFailures: boolean }> {
    const name = login.trim().toLowerCase();
    const found = await this.db.tenant(tenantId, async (trx) => {
      const user = await this.findLogin(trx, name);
      const lock = user ? accountLock(user) : nameLock(tenantId, name);
      return { user, lock, failure: await this.failure(trx, lock) };
    });
    if (found.user) return this.withLock(found.user, found.lock, found.failure);
    const superAdmin = await this.db.platform((trx) =>
      trx
        .selectFrom('sysUser')
        .selectAll()
        .where(sql`lower(account)`, '=', name)
        .where('accountType', '=', AccountType.SuperAdmin)
        .executeTakeFirst(),
    );
    if (!superAdmin) return this.withLock(undefined, found.lock, found.failure);
    const lock = accountLock(superAdmin);
    return this.withLock(superAdmin, lock, await this.lockState(lock));
  }

  /** The lock state of an account identified another way (SMS, third-party sign-in). */
  async lockState(lock: LockKey): Promise<{ lockedUntil: Date | null } | undefined> {
    return this.db.tenant(lock.tenantId, (trx) => this.failure(trx, lock));
  }

  private withLock(user: User | undefined, lock: LockKey, failure: { lockedUntil: Date | null } | undefined) {
    const until = failure?.lockedUntil;
    return {
      user,
      lock,
      lockedUntil: until && until > new Date() ? until : undefined,
      hasFailures: !!failure,
    };
  }

  private failure(trx: Trx, lock: LockKey) {
    return trx
      .selectFrom('sysLoginFailure')
      .select('lockedUntil')
      .where('subject', '=', lock.subject)
      .executeTakeFirst();
  }

  private async findLogin(trx: Trx, name: string): Promise<User | undefined> {
    const byAccount = await trx
      .selectFrom('sysUser')
      .selectAll()
      .where(sql`lower(account)`, '=', name)
      .executeTakeFirst();
    if (byAccount || !name.includes('@')) return byAccount;
    const byEmail = await trx
      .selectFrom('sysUser')
      .selectAll()
      .where(sql`lower(email)`, '=', name)
      .limit(2)
      .execute();
    return byEmail.length === 1 ? byEmail[0] : undefined; // an ambiguous e-mail signs in nobody
  }

  async findByPhone(tenantId: string, phone: string): Promise<User | undefined> {
    return this.db.tenant(tenantId, (trx) =>
      trx.selectFrom('sysUser').selectAll().where('phone', '=', phone).executeTakeFirst(),
    );
  }

  /**
   * Counts a failure within a rolling window; at the tenant's `sys_password_max_error_times` (5 by
   * default) the lock key is locked for `lockMinutes`. Returns the lock end when this failure locked it.
   */
  async recordFailure(lock: LockKey, lockMinutes: number): Promise<Date | undefined> {
    const window = `${lockMinutes} minutes`;
    const row = await this.db.tenant(lock.tenantId, async (trx) => {
      const counted = await trx
        .insertInto('sysLoginFailure')
        .values({ tenantId: lock.tenantId, subject: lock.subject, failCount: 1 })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'subject']).doUpdateSet({
            failCount: sql`case when sys_login_failure.last_failed_at < now() - ${window}::interval
                               or sys_login_failure.locked_until is not null then 1
                               else sys_login_failure.fail_count + 1 end`,
            lastFailedAt: sql`now()`,
            lockedUntil: null,
          }),
        )
        .returning(['failCount'])
        .executeTakeFirstOrThrow();
      const configured = await trx
        .selectFrom('sysConfig')
        .select('value')
        .where('code', '=', 'sys_password_max_error_times')
        .executeTakeFirst();
      const threshold = Number(configured?.value);
      const maxFailures = Number.isInteger(threshold) && threshold >= 1 ? threshold : 5;
      if (counted.failCount < maxFailures) return undefined;
      return trx
        .updateTable('sysLoginFailure')
        .set({ lockedUntil: sql`now() + ${window}::interval` })
        .where('subject', '=', lock.subject)
        .returning('lockedUntil')
        .executeTakeFirstOrThrow();
    });
    return row?.lockedUntil ?? undefined;
  }

  /** Forgets the failures of a lock key (after a successful sign-in), in its tenant's transaction. */
  async clearFailures(trx: Trx, lock: LockKey): Promise<void> {
    await trx.deleteFrom('sysLoginFailure').where('subject', '=', lock.subject).execute();
  }

  async recordLogin(trx: Trx, userId: string, ip: string, device: string): Promise<void> {
    await trx
      .updateTable('sysUser')
      .set({ lastLoginIp: ip.slice(0, 64), lastLoginDevice: device.slice(0, 256), lastLoginTime: new Date() })
      .where('id', '=', userId)
      .execute();
  }

  /** A tenant-level configuration value (`sys_config`). */
  async configValue(tenantId: string, code: string): Promise<string | undefined> {
    const row = await this.db.tenant(tenantId, (trx) =>
      trx.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst(),
    );
    return row?.value ?? undefined;
  }
}
