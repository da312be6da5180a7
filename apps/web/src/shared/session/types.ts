import type { PasswordChangeReason } from '@lintel/contracts';

/** The wire shapes of the session endpoints (apps/server sys-auth, sys-tenant, sys-menu schemas). */

export interface SysInfo {
  tenantId: string;
  logo: string;
  title: string;
  viceTitle: string | null;
  viceDesc: string | null;
  copyright: string | null;
  /** ICP record number and its link, shown in the shell's footer. */
  icp?: string | null;
  icpUrl?: string | null;
  /** The tenant's watermark text, used when neither the user nor the layout settings give one. */
  watermark?: string | null;
  version: string;
  themeColor: string;
  /** The tenant's preset layout and page animation (used until the user picks their own). */
  layout?: string;
  animation?: string;
  captcha: boolean;
  /** The slider captcha is required at sign-in (tenant setting second_ver). */
  secondVer?: boolean;
  i18NSwitch: boolean;
  idleTimeout: number;
  publicKey: string;
  demo: { account: string; password: string } | null;
}

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

export type { MenuMeta, MenuTreeNode } from '@lintel/contracts';
