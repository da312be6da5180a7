import { AccountType } from '@lintel/contracts';
import { sql } from 'kysely';
import type { Database } from '../../platform/db/database.js';
import type { User } from '../../platform/db/schema.js';

/** The SQL of sign-in: account lookup, login failures and the last-login record. */
export class SysAuthRepo {
  constructor(private readonly db: Database) {}

  /**
   * The account signing in to `tenantId`, by account name or e-mail (case-insensitive). A super
   * admin of any tenant may sign in to every tenant, so it is looked up across tenants last.
   */
  async findForLogin(tenantId: string, login: string): Promise<User | undefined> {
    const name = login.trim().toLowerCase();
    const inTenant = await this.db.tenant(tenantId, async (trx) => {
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
    });
    if (inTenant) return inTenant;
    return this.db.platform((trx) =>
      trx
        .selectFrom('sysUser')
        .selectAll()
        .where(sql`lower(account)`, '=', name)
        .where('accountType', '=', AccountType.SuperAdmin)
        .executeTakeFirst(),
    );
  }

  async findByPhone(tenantId: string, phone: string): Promise<User | undefined> {
    return this.db.tenant(tenantId, (trx) =>
      trx.selectFrom('sysUser').selectAll().where('phone', '=', phone).executeTakeFirst(),
    );
  }

  async findById(tenantId: string, userId: string): Promise<User | undefined> {
    return this.db.tenant(tenantId, (trx) =>
      trx.selectFrom('sysUser').selectAll().where('id', '=', userId).executeTakeFirst(),
    );
  }

  /** When the lock on an account name ends, if it is locked now. */
  async lockedUntil(tenantId: string, account: string): Promise<Date | undefined> {
    const row = await this.db.tenant(tenantId, (trx) =>
      trx
        .selectFrom('sysLoginFailure')
        .select('lockedUntil')
        .where('account', '=', account.trim().toLowerCase())
        .executeTakeFirst(),
    );
    return row?.lockedUntil && row.lockedUntil > new Date() ? row.lockedUntil : undefined;
  }

  /**
   * Counts a failure within a rolling window; at `maxFailures` the account name is locked for
   * `lockMinutes`. Returns the lock end when this failure locked it.
   */
  async recordFailure(
    tenantId: string,
    account: string,
    maxFailures: number,
    lockMinutes: number,
  ): Promise<Date | undefined> {
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

  async clearFailures(tenantId: string, account: string): Promise<void> {
    await this.db.tenant(tenantId, (trx) =>
      trx.deleteFrom('sysLoginFailure').where('account', '=', account.trim().toLowerCase()).execute(),
    );
  }

  async recordLogin(user: Pick<User, 'id' | 'tenantId'>, ip: string, device: string): Promise<void> {
    await this.db.tenant(user.tenantId, (trx) =>
      trx
        .updateTable('sysUser')
        .set({
          lastLoginIp: ip.slice(0, 64),
          lastLoginDevice: device.slice(0, 256),
          lastLoginTime: new Date(),
        })
        .where('id', '=', user.id)
        .execute(),
    );
  }

  /** A tenant-level configuration value (`sys_config`). */
  async configValue(tenantId: string, code: string): Promise<string | undefined> {
    const row = await this.db.tenant(tenantId, (trx) =>
      trx.selectFrom('sysConfig').select('value').where('code', '=', code).executeTakeFirst(),
    );
    return row?.value ?? undefined;
  }
}
