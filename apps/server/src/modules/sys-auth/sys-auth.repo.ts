import { AccountType } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Database, Trx } from '../../platform/db/database.js';
import type { User } from '../../platform/db/schema.js';

/** The SQL of sign-in: account lookup, login failures and the last-login record. */
export class SysAuthRepo {
  constructor(private readonly db: Database) {}

  /**
   * Everything a password sign-in reads, in one transaction: the lock state of the account name and
   * the account, by account name or e-mail (case-insensitive). A super admin of any tenant may sign
   * in to every tenant, so when the tenant has no such account the super admins are looked up too.
   */
  async loginLookup(
    tenantId: string,
    login: string,
  ): Promise<{ user?: User; lockedUntil?: Date; hasFailures: boolean }> {
    const name = login.trim().toLowerCase();
    const found = await this.db.tenant(tenantId, async (trx) => {
      const failure = await trx
        .selectFrom('sysLoginFailure')
        .select('lockedUntil')
        .where('account', '=', name.slice(0, 64))
        .executeTakeFirst();
      const byAccount = await trx
        .selectFrom('sysUser')
        .selectAll()
        .where(sql`lower(account)`, '=', name)
        .executeTakeFirst();
      if (byAccount || !name.includes('@')) return { failure, user: byAccount };
      const byEmail = await trx
        .selectFrom('sysUser')
        .selectAll()
        .where(sql`lower(email)`, '=', name)
        .limit(2)
        .execute();
      return { failure, user: byEmail.length === 1 ? byEmail[0] : undefined }; // an ambiguous e-mail signs in nobody
    });
    const user =
      found.user ??
      (await this.db.platform((trx) =>
        trx
          .selectFrom('sysUser')
          .selectAll()
          .where(sql`lower(account)`, '=', name)
          .where('accountType', '=', AccountType.SuperAdmin)
          .executeTakeFirst(),
      ));
    const until = found.failure?.lockedUntil;
    return {
      user,
      lockedUntil: until && until > new Date() ? until : undefined,
      hasFailures: !!found.failure,
    };
  }

  async findByPhone(tenantId: string, phone: string): Promise<User | undefined> {
    return this.db.tenant(tenantId, (trx) =>
      trx.selectFrom('sysUser').selectAll().where('phone', '=', phone).executeTakeFirst(),
    );
  }

  /**
   * Counts a failure within a rolling window; at the tenant's `sys_password_max_error_times` (5 by
   * default) the account name is locked for `lockMinutes`. Returns the lock end when this failure locked it.
   */
  async recordFailure(tenantId: string, account: string, lockMinutes: number): Promise<Date | undefined> {
    const key = account.trim().toLowerCase().slice(0, 64);
    const window = `${lockMinutes} minutes`;
    const row = await this.db.tenant(tenantId, async (trx) => {
      const counted = await trx
        .insertInto('sysLoginFailure')
        .values({ tenantId, account: key, failCount: 1 })
        .onConflict((oc) =>
          oc.columns(['tenantId', 'account']).doUpdateSet({
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
        .where('account', '=', key)
        .returning('lockedUntil')
        .executeTakeFirstOrThrow();
    });
    return row?.lockedUntil ?? undefined;
  }

  /** Forgets the failures of an account name (after a successful sign-in). */
  async clearFailures(trx: Trx, account: string): Promise<void> {
    await trx
      .deleteFrom('sysLoginFailure')
      .where('account', '=', account.trim().toLowerCase().slice(0, 64))
      .execute();
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
