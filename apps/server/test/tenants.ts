import type { TestApp } from './harness.js';
import { hashPassword } from '../src/platform/crypto/passwords.js';

/** A second tenant with its own admin account, for cross-tenant tests. */
export async function createOtherTenant(t: TestApp, id = '1300000009001', password = 'Other@2026x') {
  const adminId = String(BigInt(id) + 100n);
  const orgId = String(BigInt(id) + 200n);
  const hash = await hashPassword(password);
  await t.ctx.db.platform(async (trx) => {
    await trx
      .insertInto('sysTenant')
      .values({ id, name: `Tenant ${id}`, host: `t${id}.example.test`, userId: adminId, orgId })
      .execute();
    await trx
      .insertInto('sysOrg')
      .values({ id: orgId, tenantId: id, name: 'Other root', code: `other-${id}` })
      .execute();
    await trx
      .insertInto('sysUser')
      .values({
        id: adminId,
        tenantId: id,
        account: 'admin',
        password: hash,
        realName: 'Other admin',
        accountType: 888,
        orgId,
        phone: '13900000001',
      })
      .execute();
  });
  return { tenantId: id, adminId, orgId, password };
}
