import { Type, type Static } from 'typebox';
import { ACCOUNT_NAME, PHONE_PATTERN } from '../account-rules.js';
import { TenantType } from '../enums.js';
import { Id, Nullable, StatusValue } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';
import { SaveSysInfoBody } from './sys-info.js';

/** Tenants (sysTenant): the request and row schemas of apps/server modules/sys-tenant. */

const Text = (max: number) => Nullable(Type.String({ maxLength: max }));
const info = SaveSysInfoBody.properties;

/**
 * What a super admin sets on a tenant (admin-net sysTenant `add` input): identity and contact,
 * the administrator account, the isolation type with its database settings, self-registration,
 * and the branding of its sign-in page. The admin account follows the account rules of sysUser.
 */
const TenantFields = {
  name: Type.String({ minLength: 1, maxLength: 64, description: 'Tenant name (unique)' }),
  adminAccount: Type.String({ ...ACCOUNT_NAME, description: "Account name of the tenant's administrator" }),
  phone: Type.String({ pattern: PHONE_PATTERN, description: 'Contact mobile number (11 digits)' }),
  email: Type.Optional(
    Nullable(Type.Union([Type.String({ format: 'email', maxLength: 128 }), Type.Literal('')])),
  ),
  host: Type.Optional(
    Nullable(
      Type.String({
        maxLength: 128,
        pattern:
          '^([A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)(\\.[A-Za-z0-9]([A-Za-z0-9-]*[A-Za-z0-9])?)*(:[0-9]{1,5})?$|^$',
        description: 'Host name the tenant is reached at (unique); its sign-in page is chosen by it',
      }),
    ),
  ),
  tenantType: Type.Optional(
    Type.Union([Type.Literal(TenantType.Id), Type.Literal(TenantType.Db)], {
      description: '0 shared database (tenant id + row-level security); 1 a database of its own',
    }),
  ),
  dbType: Type.Optional(Text(32)),
  connection: Type.Optional(Text(1024)),
  slaveConnections: Type.Optional(Text(4096)),
  enableReg: Type.Optional(Type.Boolean({ description: 'Accounts may register themselves' })),
  title: info.title,
  viceTitle: info.viceTitle,
  viceDesc: info.viceDesc,
  logo: info.logo,
  watermark: info.watermark,
  copyright: info.copyright,
  icp: info.icp,
  icpUrl: info.icpUrl,
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Text(256)),
};

export const AddTenantBody = Type.Object(TenantFields, { additionalProperties: false });
export const UpdateTenantBody = Type.Object({ id: Id, ...TenantFields }, { additionalProperties: false });
export type TenantInput = Static<typeof AddTenantBody>;
export type TenantUpdate = Static<typeof UpdateTenantBody>;

export const PageTenantBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    phone: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type TenantFilter = Static<typeof PageTenantBody>;

export const TenantExportBody = Type.Object(
  { ...PageTenantBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type TenantExportInput = Static<typeof TenantExportBody>;

export const TenantRow = Type.Object({
  id: Type.String(),
  name: Type.String(),
  userId: Nullable(Type.String()),
  adminAccount: Nullable(Type.String()),
  orgId: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  host: Nullable(Type.String()),
  tenantType: Type.Integer(),
  dbType: Nullable(Type.String()),
  enableReg: Type.Boolean(),
  logo: Nullable(Type.String()),
  title: Type.String(),
  viceTitle: Nullable(Type.String()),
  viceDesc: Nullable(Type.String()),
  watermark: Nullable(Type.String()),
  copyright: Nullable(Type.String()),
  icp: Nullable(Type.String()),
  icpUrl: Nullable(Type.String()),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
});
export type TenantRow = Static<typeof TenantRow>;

/**
 * A tenant named by its id, or as Admin.NET names it on these routes (ownMenuList, resetPwd), by
 * the id of its administrator account (`userId`, the page's `userId` column). One of them is required.
 */
export const TenantOrAdminRef = Type.Object(
  {
    id: Type.Optional({ ...Id, description: 'Tenant id' }),
    userId: Type.Optional({ ...Id, description: "Id of the tenant's administrator account (Admin.NET)" }),
  },
  { additionalProperties: false },
);
export type TenantOrAdminRef = Static<typeof TenantOrAdminRef>;

/** A tenant to choose (Admin.NET `sysTenant/list`). */
export const TenantOption = Type.Object({
  label: Type.String({ description: 'Tenant name' }),
  host: Nullable(Type.String()),
  value: Type.String({ description: 'Tenant id' }),
});
export type TenantOption = Static<typeof TenantOption>;

export const GrantTenantMenuBody = Type.Object(
  { id: Id, menuIdList: Type.Array(Id, { maxItems: 5000, uniqueItems: true }) },
  { additionalProperties: false },
);

/** A menu or button a tenant may be granted (tenant scope, flat in tree order; pid links them). */
export const TenantGrantableMenu = Type.Object({
  id: Type.String(),
  pid: Type.String(),
  name: Nullable(Type.String()),
  title: Type.String(),
  type: Type.Integer(),
  permission: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  scope: Type.String(),
});
export type TenantGrantableMenu = Static<typeof TenantGrantableMenu>;

export const ResetTenantPwdResult = Type.String({ description: "The tenant administrator's new password" });

export const TenantUserListBody = Type.Object(
  {
    ...PageInputFields,
    id: Type.Optional({ ...Id, description: 'Tenant id (required unless tenantId is given)' }),
    tenantId: Type.Optional({ ...Id, description: 'Tenant id, as Admin.NET names it' }),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    realName: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type TenantUserFilter = Static<typeof TenantUserListBody>;

export const TenantUserRow = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Nullable(Type.String()),
  phone: Nullable(Type.String()),
  email: Nullable(Type.String()),
  accountType: Type.Integer(),
  orgName: Nullable(Type.String()),
  status: Type.Integer(),
  lastLoginTime: Nullable(Type.String()),
  createTime: Type.String(),
});
export type TenantUserRow = Static<typeof TenantUserRow>;
