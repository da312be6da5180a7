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
   * The account a password sign-in names, by account name or e-mail (case-insensitive), and what its
   * failures count on. A super admin of any tenant may sign in to every tenant, so when the tenant
   * has no such account the super admins are looked up too.
   */
  async loginLookup(tenantId: string, login: string): Promise<{ user?: User; lock: LockKey }> {
    const name = login.trim().toLowerCase();
    const user =
      (await this.db.tenant(tenantId, (trx) => this.findLogin(trx, name))) ??
      (await this.db.platform((trx) =>
        trx
          .selectFrom('sysUser')
          .selectAll()
          .where(sql`lower(account)`, '=', name)
          .where('accountType', '=', AccountType.SuperAdmin)
          .executeTakeFirst(),
      ));
    return { user, lock: user ? accountLock(user) : nameLock(tenantId, name) };
  }

  /** The enabled tenant that serves a host name (the lowest id when several name it). */
  async tenantIdByHost(host: string): Promise<string | undefined> {
    const row = await this.db.global
      .selectFrom('sysTenant')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['host']), '=', host))
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The lock state of an account identified another way (SMS, third-party sign-in). */
  async lockState(lock: LockKey): Promise<{ lockedUntil: Date | null } | undefined> {
    return this.db.tenant(lock.tenantId, (trx) =>
      trx
        .selectFrom('sysLoginFailure')
        .select('lockedUntil')
        .where('subject', '=', lock.subject)
        .executeTakeFirst(),
    );
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
   * Claims one password attempt on a lock key, before the password is checked, in one atomic write:
   * concurrent attempts each get their own number, so a burst of guesses cannot all be checked
   * before the failures are counted. Attempts count within a rolling window of `lockMinutes`; the
   * tenant's `sys_password_max_error_times` (5 by default) attempts are checked, the next ones are
   * refused, and a successful sign-in clears the count. Answers the lock end when the key is locked
   * (this attempt is then not to be checked), and whether this is the last attempt before the lock.
   */
  async claimAttempt(lock: LockKey, lockMinutes: number): Promise<{ lockedUntil?: Date; last: boolean }> {
    const window = `${lockMinutes} minutes`;
    return this.db.tenant(lock.tenantId, async (trx) => {
      const claimed = await trx
        .insertInto('sysLoginFailure')
        .values({ tenantId: lock.tenantId, subject: lock.subject, failCount: 1 })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'subject']).doUpdateSet({
            failCount: sql`case when sys_login_failure.locked_until > now() then sys_login_failure.fail_count
                               when sys_login_failure.last_failed_at < now() - ${window}::interval
                                 or sys_login_failure.locked_until is not null then 1
                               else sys_login_failure.fail_count + 1 end`,
            lastFailedAt: sql`now()`,
            lockedUntil: sql`case when sys_login_failure.locked_until > now() then sys_login_failure.locked_until end`,
          }),
        )
        .returning(['failCount', 'lockedUntil'])
        .executeTakeFirstOrThrow();
      if (claimed.lockedUntil) return { lockedUntil: claimed.lockedUntil, last: false };
      const max = await this.maxFailures(trx);
      if (claimed.failCount <= max) return { last: claimed.failCount === max };
      return { lockedUntil: await this.lockNow(trx, lock, window), last: false };
    });
  }

  /** Locks a key for `lockMinutes` (the last allowed attempt failed). */
  async lock(lock: LockKey, lockMinutes: number): Promise<Date> {
    return this.db.tenant(lock.tenantId, (trx) => this.lockNow(trx, lock, `${lockMinutes} minutes`));
  }

  private async lockNow(trx: Trx, lock: LockKey, window: string): Promise<Date> {
    const row = await trx
      .updateTable('sysLoginFailure')
      .set({ lockedUntil: sql`now() + ${window}::interval` })
      .where('subject', '=', lock.subject)
      .returning('lockedUntil')
      .executeTakeFirstOrThrow();
    return row.lockedUntil!;
  }

  private async maxFailures(trx: Trx): Promise<number> {
    const configured = await trx
      .selectFrom('sysConfig')
      .select('value')
      .where('code', '=', 'sys_password_max_error_times')
      .executeTakeFirst();
    const threshold = Number(configured?.value);
    return Number.isInteger(threshold) && threshold >= 1 ? threshold : 5;
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
