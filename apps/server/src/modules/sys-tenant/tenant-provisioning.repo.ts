import { AccountType, DEFAULT_TENANT_ID } from '@lintel/contracts';
import type { Insertable } from 'kysely';
import { CONFIGS, DICTS, ROLES } from './tenant-basics.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { SysTenantTable } from '../../platform/db/schema.js';

/** Menus every role of a new tenant starts with, as the seed grants them (the dashboard). */
const BASE_ROLE_MENU_KEYS = ['menu:dashboard', 'menu:home'];

export interface ProvisionInput {
  tenant: Omit<Insertable<SysTenantTable>, 'id' | 'userId' | 'orgId'> & { name: string };
  adminAccount: string;
  phone: string;
  email: string | null;
  /** Demo mode (not production): the admin's password counts as freshly changed, as in the seed. */
  demo: boolean;
  createdBy: { createUserId: string; createUserName: string };
  /**
   * A database-type tenant is provisioned into its own database: its ids are those of its row in
   * the main database, and the default password is read there (the new database has no platform tenant).
   */
  ids?: { tenantId: string; orgId: string; adminId: string };
  defaultPassword?: string;
}

export interface Provisioned {
  tenantId: string;
  orgId: string;
  adminId: string;
  roleIds: string[];
}

/**
 * The default password new accounts get: `sys_password` of the default (platform) tenant, which a new
 * tenant also receives as its own default.
 */
export async function platformDefaultPassword(trx: Trx): Promise<string> {
  const row = await trx
    .selectFrom('sysConfig')
    .select('value')
    .where('tenantId', '=', DEFAULT_TENANT_ID)
    .where('code', '=', 'sys_password')
    .executeTakeFirst();
  if (!row?.value) throw new Error('The default tenant has no sys_password configuration');
  return row.value;
}

/**
 * Creates everything a tenant needs, as the seed gives the default tenant, inside the caller's
 * platform transaction: the tenant, its root organisation, its default roles (one per data scope),
 * its administrator account (system admin, default password), dictionaries and configuration, and
 * the default menu grant (every tenant menu to the tenant and its admin role, the dashboard to the
 * other roles).
 */
export async function provisionTenant(trx: Trx, input: ProvisionInput): Promise<Provisioned> {
  const { tenantId, orgId, adminId } = input.ids ?? { tenantId: newId(), orgId: newId(), adminId: newId() };
  const defaultPassword = input.defaultPassword ?? (await platformDefaultPassword(trx));

  await trx
    .insertInto('sysTenant')
    .values({ ...input.tenant, id: tenantId, userId: adminId, orgId, ...input.createdBy })
    .execute();
  await trx
    .insertInto('sysOrg')
    .values({
      id: orgId,
      tenantId,
      pid: '0',
      name: input.tenant.name,
      code: '1001',
      level: 1,
      type: '101',
      ...input.createdBy,
    })
    .execute();
  const roles = ROLES.map((role, index) => ({
    id: newId(),
    tenantId,
    name: role.name,
    code: role.code,
    dataScope: role.dataScope,
    isSystem: true,
    orderNo: 100 + index,
    ...input.createdBy,
  }));
  await trx.insertInto('sysRole').values(roles).execute();
  await trx
    .insertInto('sysUser')
    .values({
      id: adminId,
      tenantId,
      account: input.adminAccount,
      password: await hashPassword(defaultPassword),
      realName: input.tenant.name,
      accountType: AccountType.SysAdmin,
      orgId,
      phone: input.phone,
      email: input.email,
      lastChangePasswordTime: input.demo ? new Date() : null,
      ...input.createdBy,
    })
    .execute();
  await seedTenantBasics(trx, tenantId, input.demo, defaultPassword);

  const menus = await trx.selectFrom('sysMenu').select(['id', 'key']).where('scope', '=', 'tenant').execute();
  if (menus.length) {
    await trx
      .insertInto('sysTenantMenu')
      .values(menus.map((m) => ({ tenantId, menuId: m.id })))
      .execute();
    const adminRole = roles.find((r) => r.code === 'sys_admin')!;
    const base = menus.filter((m) => m.key && BASE_ROLE_MENU_KEYS.includes(m.key));
    const grants = [
      ...menus.map((m) => ({ tenantId, roleId: adminRole.id, menuId: m.id })),
      ...roles
        .filter((r) => r !== adminRole)
        .flatMap((r) => base.map((m) => ({ tenantId, roleId: r.id, menuId: m.id }))),
    ];
    await trx.insertInto('sysRoleMenu').values(grants).execute();
  }
  return { tenantId, orgId, adminId, roleIds: roles.map((r) => r.id) };
}

/** Seeds what a tenant needs to work: dictionaries and configuration. Also used for new tenants. */
export async function seedTenantBasics(trx: Trx, tenantId: string, demo: boolean, defaultPassword: string) {
  for (const dict of DICTS) {
    const typeId = newId();
    await trx
      .insertInto('sysDictType')
      .values({ id: typeId, tenantId, name: dict.name, code: dict.code, sysFlag: 'Y' })
      .execute();
    await trx
      .insertInto('sysDictData')
      .values(
        dict.data.map((item, index) => ({
          id: newId(),
          tenantId,
          dictTypeId: typeId,
          label: item.label,
          value: item.value,
          code: item.code,
          name: item.label,
          tagType: item.tagType,
          orderNo: 100 + index,
        })),
      )
      .execute();
  }
  await trx
    .insertInto('sysConfig')
    .values(CONFIGS(demo, defaultPassword).map((c) => ({ ...c, id: newId(), tenantId, sysFlag: 'Y' })))
    .execute();
}
