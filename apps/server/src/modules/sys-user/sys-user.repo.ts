import { sql } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysUserTable } from '../../platform/db/schema.js';
import type { Updateable } from 'kysely';

/** The SQL of the own-account endpoints; every query runs in the account's tenant transaction. */
export class SysUserRepo {
  /** The account with its organisation, position and roles; dates as YYYY-MM-DD text. */
  async baseInfo(trx: Trx, userId: string) {
    const user = await trx
      .selectFrom('sysUser as u')
      .leftJoin('sysOrg as o', 'o.id', 'u.orgId')
      .leftJoin('sysPos as p', 'p.id', 'u.posId')
      .selectAll('u')
      .select([
        'o.name as orgName',
        'p.name as posName',
        // pg turns `date` into a local-midnight Date; text keeps the calendar day as stored.
        sql<string | null>`to_char(u.birthday, 'YYYY-MM-DD')`.as('birthdayText'),
        sql<string | null>`to_char(u.join_date, 'YYYY-MM-DD')`.as('joinDateText'),
      ])
      .where('u.id', '=', userId)
      .executeTakeFirst();
    if (!user) return undefined;
    const roles = await trx
      .selectFrom('sysUserRole as ur')
      .innerJoin('sysRole as r', 'r.id', 'ur.roleId')
      .select(['r.id', 'r.code', 'r.name'])
      .where('ur.userId', '=', userId)
      .orderBy('r.orderNo')
      .execute();
    return { user, roles };
  }

  /** Another account of the tenant with this phone number, if any. */
  async phoneOwner(trx: Trx, phone: string, exceptUserId: string): Promise<string | undefined> {
    const row = await trx
      .selectFrom('sysUser')
      .select('id')
      .where('phone', '=', phone)
      .where('id', '<>', exceptUserId)
      .executeTakeFirst();
    return row?.id;
  }

  /** Another account that signs in with this name, as its account name or its e-mail address. */
  async signInNameOwner(trx: Trx, name: string, exceptUserId: string): Promise<string | undefined> {
    const lower = name.toLowerCase();
    const row = await trx
      .selectFrom('sysUser')
      .select('id')
      .where((eb) => eb.or([eb(sql`lower(account)`, '=', lower), eb(sql`lower(email)`, '=', lower)]))
      .where('id', '<>', exceptUserId)
      .executeTakeFirst();
    return row?.id;
  }

  async update(trx: Trx, userId: string, values: Updateable<SysUserTable>): Promise<void> {
    await trx.updateTable('sysUser').set(values).where('id', '=', userId).execute();
  }

  async setPassword(trx: Trx, userId: string, hash: string): Promise<void> {
    const now = new Date();
    await trx
      .updateTable('sysUser')
      .set({ password: hash, lastChangePasswordTime: now, updateTime: now, updateUserId: userId })
      .where('id', '=', userId)
      .execute();
  }
}
