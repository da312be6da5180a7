import type { RouteEntry } from '../../platform/auth/gate.js';
import { grantedButtons } from '../../platform/auth/granted-buttons.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { TenantEntry } from '../../platform/auth/tenant-cache.js';
import { passwordChangeDue } from '../../platform/auth/password-due.js';

/**
 * The `userInfo` payload: the cached principal shaped for the client (SPEC section 3). Its button
 * codes leave out those the API blacklist blocks (`routes`: the app's route table).
 */
export function userInfoOf(principal: Principal, tenant: TenantEntry, routes: readonly RouteEntry[]) {
  const buttons = grantedButtons(principal, routes);
  const watermark = tenant.tenant.watermark || tenant.tenant.title || 'Lintel';
  return {
    id: principal.userId,
    tenantId: principal.homeTenantId,
    currentTenantId: principal.tenantId,
    account: principal.account,
    realName: principal.realName,
    nickName: principal.profile.nickName,
    phone: principal.profile.phone,
    idCardNum: principal.profile.idCardNum,
    email: principal.profile.email,
    accountType: principal.accountType,
    avatar: principal.profile.avatar,
    address: principal.profile.address,
    signature: principal.profile.signature,
    introduction: principal.profile.introduction,
    orgId: principal.orgId,
    orgName: principal.orgName,
    orgType: principal.orgType,
    posId: principal.posId,
    posName: principal.posName,
    roles: principal.roleCodes,
    roleIds: principal.roleIds,
    buttons,
    apis: buttons,
    langCode: principal.profile.langCode,
    lastChangePasswordTime: principal.profile.lastChangePasswordTime,
    watermarkText: `${watermark}-${principal.realName ?? principal.account}`,
    isSuperAdmin: principal.isSuperAdmin,
  };
}

export type UserInfo = ReturnType<typeof userInfoOf> & {
  passwordChangeDue: ReturnType<typeof passwordChangeDue>;
};

interface Remembered {
  tenant: TenantEntry;
  value: UserInfo;
}

const remembered = new WeakMap<Principal, Remembered>();

/**
 * The answer of `userInfo`, the same object for as long as the cached principal, its tenant entry
 * and its password state stay the same (both caches replace what changes rather than mutating it), so
 * the route serialises it once (SharedAnswer). The route table is fixed once the app is built.
 */
export function userInfoFor(
  principal: Principal,
  tenant: TenantEntry,
  routes: readonly RouteEntry[],
): UserInfo {
  const due = passwordChangeDue(principal, tenant);
  const hit = remembered.get(principal);
  if (hit && hit.tenant === tenant && hit.value.passwordChangeDue === due) return hit.value;
  const value = { ...userInfoOf(principal, tenant, routes), passwordChangeDue: due };
  remembered.set(principal, { tenant, value });
  return value;
}
