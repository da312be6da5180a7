import { AccountType } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Sql, Trx } from '../../platform/db/database.js';
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
export const nameLock = (tenantId: string, name: string): LockKey => ({
  tenantId,
  subject: `n:${name.slice(0, 64)}`,
});

/** The SQL of sign-in: account lookup, login failures and the last-login record. */
export class SysAuthRepo {
  /** The account a sign-in names in the transaction's tenant, by account name or else by e-mail. */
  async findLogin(trx: Trx, name: string): Promise<User | undefined> {
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

  /** A super admin (of any tenant: run where every tenant is visible) by account name. */
  findSuperAdmin(trx: Trx, name: string): Promise<User | undefined> {
    return trx
      .selectFrom('sysUser')
      .selectAll()
      .where(sql`lower(account)`, '=', name)
      .where('accountType', '=', AccountType.SuperAdmin)
      .executeTakeFirst();
  }

  /** The enabled tenant that serves a host name (the lowest id when several name it). */
  async tenantIdByHost(db: Sql, host: string): Promise<string | undefined> {
    const row = await db
      .selectFrom('sysTenant')
      .select('id')
      .where((eb) => eb(eb.fn('lower', ['host']), '=', host))
      .where('status', '=', 1)
      .orderBy('id')
      .executeTakeFirst();
    return row?.id;
  }

  /** The lock state of a lock key. */
  lockState(trx: Trx, lock: LockKey): Promise<{ lockedUntil: Date | null } | undefined> {
    return trx
      .selectFrom('sysLoginFailure')
      .select('lockedUntil')
      .where('subject', '=', lock.subject)
      .executeTakeFirst();
  }

  findByPhone(trx: Trx, phone: string): Promise<User | undefined> {
    return trx.selectFrom('sysUser').selectAll().where('phone', '=', phone).executeTakeFirst();
  }

  /**
   * Counts one attempt on a lock key in one atomic write (concurrent attempts each get their own
   * number): the count restarts after `window` without failures or after a lock ended; a key locked
   * now keeps its count and lock. Answers the count and the lock end.
   */
  claimAttempt(
    trx: Trx,
    lock: LockKey,
    window: string,
  ): Promise<{ failCount: number; lockedUntil: Date | null }> {
    return trx
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
  }

  /** Locks a key for `window` from now; answers the lock end. */
  async lockNow(trx: Trx, lock: LockKey, window: string): Promise<Date> {
    const row = await trx
      .updateTable('sysLoginFailure')
      .set({ lockedUntil: sql`now() + ${window}::interval` })
      .where('subject', '=', lock.subject)
      .returning('lockedUntil')
      .executeTakeFirstOrThrow();
    return row.lockedUntil!;
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
  async configValue(trx: Trx, code: string): Promise<string | undefined> {
    const row = await trx.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst();
    return row?.value ?? undefined;
  }
}
