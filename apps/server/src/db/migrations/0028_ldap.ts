import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * Directory sign-in (Admin.NET's SysLdap and SysUserLdap), tenant-owned. One setting per tenant;
 * the bind password is sealed with the secret box. `sys_user_ldap` links an account to its
 * directory entry (a linked account signs in with the directory's password while the setting is
 * enabled); `sys_org_ldap` links an organisation to the unit it was synchronised from, by the
 * unit's stable code (objectGUID, entryUUID), so a renamed or moved unit stays the same one.
 */
const statements = [
  `create table sys_ldap (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    host varchar(128) not null,
    port integer not null,
    tls varchar(16) not null default 'none',
    base_dn varchar(256) not null,
    bind_dn varchar(256) not null,
    bind_pass varchar(1024),
    auth_filter varchar(256) not null,
    version smallint not null default 3,
    bind_attr_account varchar(64) not null default 'sAMAccountName',
    bind_attr_employee_id varchar(64) not null default 'EmployeeId',
    bind_attr_code varchar(64) not null default 'objectGUID',
    bind_attr_name varchar(64) not null default 'cn',
    status smallint not null default 1,
    remark varchar(256),
    create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)
  )`,
  `create unique index sys_ldap_tenant_uq on sys_ldap (tenant_id)`,
  `create table sys_user_ldap (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null references sys_user(id) on delete cascade,
    account varchar(128) not null,
    employee_id varchar(128),
    dept_code varchar(128),
    dn varchar(512) not null,
    create_time timestamptz not null default now(),
    update_time timestamptz
  )`,
  `create unique index sys_user_ldap_user_uq on sys_user_ldap (tenant_id, user_id)`,
  `create unique index sys_user_ldap_account_uq on sys_user_ldap (tenant_id, lower(account))`,
  `create table sys_org_ldap (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    org_id bigint not null references sys_org(id) on delete cascade,
    code varchar(128) not null,
    dn varchar(512) not null,
    create_time timestamptz not null default now()
  )`,
  `create unique index sys_org_ldap_code_uq on sys_org_ldap (tenant_id, code)`,
  `create unique index sys_org_ldap_org_uq on sys_org_ldap (tenant_id, org_id)`,
  ...tenantOwned('sys_ldap'),
  ...tenantOwned('sys_user_ldap'),
  ...tenantOwned('sys_org_ldap'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
