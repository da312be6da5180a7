import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

/**
 * WeChat Pay APIv3 (Admin.NET's SysWechatPay and SysWechatRefund), tenant-owned: each tenant is its
 * own merchant. `sys_wechat_pay_setting` holds one row per tenant, the private key and the APIv3 key
 * sealed with the secret box. Orders are unique per tenant by their out_trade_number (WeChat's key),
 * refunds by their out_refund_number; `refund` rows count against the order until WeChat closes them.
 */
const audit = `create_time timestamptz not null default now(),
    update_time timestamptz,
    create_user_id bigint,
    create_user_name varchar(64),
    update_user_id bigint,
    update_user_name varchar(64)`;

const statements = [
  `create table sys_wechat_pay_setting (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    app_id varchar(32) not null,
    merchant_id varchar(32) not null,
    merchant_serial_no varchar(64) not null,
    private_key varchar(12000),
    v3_secret varchar(256),
    platform_public_key_id varchar(64),
    platform_public_key varchar(4096),
    sub_app_id varchar(32),
    sub_merchant_id varchar(32),
    api_base varchar(256) not null default 'https://api.mch.weixin.qq.com',
    ${audit}
  )`,
  `create unique index sys_wechat_pay_setting_tenant_uq on sys_wechat_pay_setting (tenant_id)`,
  `create table sys_wechat_pay (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    app_id varchar(32) not null,
    merchant_id varchar(32) not null,
    sub_app_id varchar(32),
    sub_merchant_id varchar(32),
    out_trade_number varchar(32) not null,
    transaction_id varchar(64),
    trade_type varchar(16) not null,
    trade_state varchar(32) not null default 'NOTPAY',
    trade_state_description varchar(256),
    bank_type varchar(32),
    total integer not null check (total > 0),
    payer_total integer,
    success_time timestamptz,
    expire_time timestamptz,
    description varchar(128) not null,
    attachment varchar(128),
    goods_tag varchar(32),
    open_id varchar(128),
    qrcode_content varchar(512),
    tags varchar(64),
    business_id varchar(64),
    ${audit}
  )`,
  `create unique index sys_wechat_pay_trade_uq on sys_wechat_pay (tenant_id, out_trade_number)`,
  `create index sys_wechat_pay_time_ix on sys_wechat_pay (tenant_id, create_time desc)`,
  `create index sys_wechat_pay_transaction_ix on sys_wechat_pay (tenant_id, transaction_id)`,
  `create table sys_wechat_refund (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    wechat_pay_id bigint not null references sys_wechat_pay(id) on delete cascade,
    transaction_id varchar(64),
    out_trade_number varchar(32) not null,
    out_refund_number varchar(64) not null,
    refund_id varchar(64),
    refund integer not null check (refund > 0),
    total integer not null,
    reason varchar(80),
    channel varchar(32),
    user_received_account varchar(128),
    trade_state varchar(32) not null default 'PROCESSING',
    success_time timestamptz,
    ${audit}
  )`,
  `create unique index sys_wechat_refund_no_uq on sys_wechat_refund (tenant_id, out_refund_number)`,
  `create index sys_wechat_refund_pay_ix on sys_wechat_refund (tenant_id, wechat_pay_id)`,
  ...tenantOwned('sys_wechat_pay_setting'),
  ...tenantOwned('sys_wechat_pay'),
  ...tenantOwned('sys_wechat_refund'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
