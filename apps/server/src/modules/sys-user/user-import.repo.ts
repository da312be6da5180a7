import type { Insertable } from 'kysely';
import type { Trx } from '../../platform/db/database.js';
import type { SysUserRoleTable, SysUserTable } from '../../platform/db/schema.js';

/** What an account import reads once and writes in batches (user-import.service.ts). */
export class UserImportRepo {
  /** Account names, e-mail addresses and phones already taken in the tenant. */
  users(trx: Trx) {
    return trx.selectFrom('sysUser').select(['account', 'phone', 'email']).execute();
  }

  orgsWithCode(trx: Trx) {
    return trx.selectFrom('sysOrg').select(['id', 'code']).where('code', 'is not', null).execute();
  }

  positions(trx: Trx) {
    return trx.selectFrom('sysPos').select(['id', 'code']).execute();
  }

  roles(trx: Trx) {
    return trx.selectFrom('sysRole').select(['id', 'code']).execute();
  }

  async defaultPassword(trx: Trx): Promise<string | undefined> {
    const row = await trx
      .selectFrom('sysConfig')
      .select('value')
      .where('code', '=', 'sys_password')
      .executeTakeFirst();
    return row?.value ?? undefined;
  }

  async insert(trx: Trx, users: Insertable<SysUserTable>[], grants: Insertable<SysUserRoleTable>[]) {
    await trx.insertInto('sysUser').values(users).execute();
    if (grants.length) await trx.insertInto('sysUserRole').values(grants).execute();
  }
}
