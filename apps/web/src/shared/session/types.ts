import type { PasswordChangeReason } from '@lintel/contracts';

/** The wire shapes of the session endpoints (apps/server sys-auth, sys-tenant, sys-menu schemas). */

export interface TokenResult {
  accessToken: string;
  refreshToken: string;
  homepage: string | null;
}

/** User info held client-side (SPEC 3); `apis` is the authApiList. */
export interface UserInfo {
  id: string;
  tenantId: string;
  account: string;
  realName: string | null;
  nickName: string | null;
  phone: string | null;
  email: string | null;
  accountType: number;
  avatar: string | null;
  orgId: string | null;
  orgName: string | null;
  posId: string | null;
  posName: string | null;
  roles: string[];
  apis: string[];
  lastChangePasswordTime: string | null;
  /** Set when the tenant requires a new password before anything else (the server refuses the rest). */
  passwordChangeDue?: PasswordChangeReason | null;
  watermarkText: string;
  isSuperAdmin: boolean;
}

export type { MenuMeta, MenuTreeNode, SysInfo } from '@lintel/contracts';
