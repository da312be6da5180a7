import { randomBytes } from 'node:crypto';
import {
  AI_STUDENT_MENU_KEYS,
  APPROVAL_PERSONAL_MENU_KEYS,
  MENU_REGISTRY,
  type MenuNode,
} from '@lintel/contracts';
import type { Config } from '../../config.js';
import type { Database, Trx } from '../../platform/db/database.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import { seedTenantBasics } from '../../modules/sys-tenant/tenant-provisioning.repo.js';
import { DEMO_PASSWORD, ORGS, POSITIONS, ROLES, SEED_IDS, USERS } from './demo-data.js';

export { seedTenantBasics };
import { syncRegistryMenus } from './menus.js';

export interface SeedResult {
  /** True when this run created the default tenant. */
  created: boolean;
  /** Passwords chosen for the first accounts (printed once at first start). */
  passwords: { superAdmin: string; admin: string; others: string };
}

function generatedPassword(): string {
  // Meets the policy: upper, lower, digit and special character, 16 characters.
  return `Lt#${randomBytes(9).toString('base64url').slice(0, 11)}7a`;
}

async function seedDefaultTenant(trx: Trx, passwords: SeedResult['passwords'], demo: boolean) {
  const tenantId = SEED_IDS.tenant;
  await trx
    .insertInto('sysTenant')
    .values({
      id: tenantId,
      name: '默认租户',
      userId: SEED_IDS.admin,
      orgId: SEED_IDS.rootOrg,
      host: 'localhost',
      email: 'admin@lintel.local',
      logo: '/upload/logo.png',
      title: 'Lintel',
      viceTitle: '工地管理一体化平台',
      viceDesc: '任务与工单、缺陷整改、数字档案、安全培训与资质、报表向导，一个平台全部搞定',
      watermark: 'Lintel',
      copyright: 'Copyright © 2026 Lintel contributors',
      icp: '',
      idleTimeout: 1800,
      forceChangePassword: !demo,
    })
    .execute();
  await trx
    .insertInto('sysOrg')
    .values(ORGS.map((o) => ({ ...o, tenantId })))
    .execute();
  await trx
    .insertInto('sysPos')
    .values(POSITIONS.map((p) => ({ ...p, tenantId })))
    .execute();
  await trx
    .insertInto('sysRole')
    .values(ROLES.map((r, index) => ({ ...r, tenantId, isSystem: true, orderNo: 100 + index })))
    .execute();
  for (const user of USERS) {
    const password =
      user.account === 'superAdmin'
        ? passwords.superAdmin
        : user.account === 'admin'
          ? passwords.admin
          : passwords.others;
    const { roleCode, ...fields } = user;
    await trx
      .insertInto('sysUser')
      .values({
        ...fields,
        tenantId,
        password: await hashPassword(password),
        lastChangePasswordTime: demo ? new Date() : null,
      })
      .execute();
    const role = ROLES.find((r) => r.code === roleCode);
    if (role)
      await trx.insertInto('sysUserRole').values({ tenantId, userId: user.id, roleId: role.id }).execute();
  }
  await seedTenantBasics(trx, tenantId, demo, demo ? DEMO_PASSWORD : generatedPassword());
}

/**
 * Grants registry menus that appeared in this sync (all of them on first start): the default tenant
 * receives every new tenant-scope menu, its sys_admin role too, and every role the dashboard. Grants
 * an administrator later revokes are not restored.
 */
async function grantRegistryMenus(
  trx: Trx,
  menus: Map<string, { id: string; scope: string; created: boolean }>,
) {
  const tenantId = SEED_IDS.tenant;
  const tenantMenus = [...menus.values()].filter((m) => m.scope === 'tenant' && m.created).map((m) => m.id);
  if (tenantMenus.length === 0) return;
  await trx
    .insertInto('sysTenantMenu')
    .values(tenantMenus.map((menuId) => ({ tenantId, menuId })))
    .onConflict((oc) => oc.doNothing())
    .execute();
  const adminRole = ROLES.find((r) => r.code === 'sys_admin')!;
  const dashboard = ['menu:dashboard', 'menu:home', ...studentAiKeys()]
    .map((key) => menus.get(key))
    .filter((m) => m?.created)
    .map((m) => m!.id);
  const rows = [
    ...tenantMenus.map((menuId) => ({ tenantId, roleId: adminRole.id, menuId })),
    ...ROLES.filter((r) => r !== adminRole).flatMap((r) =>
      dashboard.map((menuId) => ({ tenantId, roleId: r.id, menuId })),
    ),
  ];
  // Roles an administrator deleted stay deleted.
  const existingRoles = new Set(
    (await trx.selectFrom('sysRole').select('id').where('tenantId', '=', tenantId).execute()).map(
      (r) => r.id,
    ),
  );
  const grants = rows.filter((r) => existingRoles.has(r.roleId));
  if (grants.length) {
    await trx
      .insertInto('sysRoleMenu')
      .values(grants)
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
}

/**
 * The AI study pages and the personal approval pages, with their buttons: every role starts with them
 * (students are most accounts; everyone files requests and may be an approver).
 */
function studentAiKeys(): string[] {
  const keys: string[] = [];
  const wanted = new Set<string>([...AI_STUDENT_MENU_KEYS, ...APPROVAL_PERSONAL_MENU_KEYS]);
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      if (node.type === 'btn') continue;
      if (wanted.has(`menu:${node.key}`)) {
        keys.push(`menu:${node.key}`);
        if (node.type === 'menu')
          keys.push(...node.children.flatMap((c) => (c.type === 'btn' ? [c.permission] : [])));
      }
      walk(node.children);
    }
  };
  walk(MENU_REGISTRY);
  return keys;
}

/** Idempotent: creates the default tenant on first start, then keeps registry menus in sync. */
export async function seed(db: Database, config: Config): Promise<SeedResult> {
  const demo = config.nodeEnv !== 'production';
  const passwords = demo
    ? { superAdmin: DEMO_PASSWORD, admin: DEMO_PASSWORD, others: DEMO_PASSWORD }
    : {
        superAdmin: config.initialSuperAdminPassword ?? generatedPassword(),
        admin: config.initialAdminPassword ?? generatedPassword(),
        others: generatedPassword(),
      };
  return db.platform(async (trx) => {
    const exists = await trx
      .selectFrom('sysTenant')
      .select('id')
      .where('id', '=', SEED_IDS.tenant)
      .executeTakeFirst();
    if (!exists) await seedDefaultTenant(trx, passwords, demo);
    const menus = await syncRegistryMenus(trx);
    await grantRegistryMenus(trx, menus);
    return { created: !exists, passwords };
  });
}
