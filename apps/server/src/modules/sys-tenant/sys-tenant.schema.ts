/** The wire of sysTenant lives in @lintel/contracts (wire/tenant.ts, wire/sys-info.ts), shared with the web app. */
export { TenantType } from '@lintel/contracts';
export {
  AddTenantBody,
  GrantTenantMenuBody,
  PageTenantBody,
  ResetTenantPwdResult,
  SysInfoResult,
  TenantExportBody,
  TenantGrantableMenu,
  TenantIdParams,
  TenantOption,
  TenantOrAdminRef,
  TenantRow,
  TenantUserListBody,
  TenantUserRow,
  UpdateTenantBody,
  type TenantExportInput,
  type TenantFilter,
  type TenantInput,
  type TenantUserFilter,
} from '@lintel/contracts/wire';
