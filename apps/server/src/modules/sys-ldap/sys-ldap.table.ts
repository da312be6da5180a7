import type { Generated } from 'kysely';
import type { Audit, Id } from '../../platform/db/tables/column-types.js';

/**
 * A tenant's directory setting (0028_ldap, 0032_ldap_ca_cert); `bindPass` is sealed by the secret
 * box; `caCert` is the PEM of a private CA the directory's certificate is checked against (public).
 */
export interface SysLdapTable extends Audit {
  id: Id;
  tenantId: Id;
  host: string;
  port: number;
  tls: Generated<string>;
  caCert: string | null;
  baseDn: string;
  bindDn: string;
  bindPass: string | null;
  authFilter: string;
  version: Generated<number>;
  bindAttrAccount: Generated<string>;
  bindAttrEmployeeId: Generated<string>;
  bindAttrCode: Generated<string>;
  bindAttrName: Generated<string>;
  status: Generated<number>;
  remark: string | null;
}

/** An account linked to its directory entry. */
export interface SysUserLdapTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  account: string;
  employeeId: string | null;
  deptCode: string | null;
  dn: string;
  createTime: Generated<Date>;
  updateTime: Date | null;
}

/** An organisation synchronised from a directory unit, by the unit's stable code. */
export interface SysOrgLdapTable {
  id: Id;
  tenantId: Id;
  orgId: Id;
  code: string;
  dn: string;
  createTime: Generated<Date>;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysLdap: SysLdapTable;
    sysUserLdap: SysUserLdapTable;
    sysOrgLdap: SysOrgLdapTable;
  }
}
