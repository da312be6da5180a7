import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import { tenantOwned } from './tenant-rls.js';

const audit = `
  create_time timestamptz not null default now(),
  update_time timestamptz,
  create_user_id bigint,
  create_user_name varchar(64),
  update_user_id bigint,
  update_user_name varchar(64)`;

/** The product's 19 locales as first seeded: code, Chinese name, name in itself. */
const LANGUAGES: [string, string, string][] = [
  ['zh-CN', '简体中文', '简体中文'],
  ['zh-TW', '繁体中文（台湾）', '繁體中文（台灣）'],
  ['zh-HK', '繁体中文（香港）', '繁體中文（香港）'],
  ['en', '英语', 'English'],
  ['de', '德语', 'Deutsch'],
  ['es', '西班牙语', 'Español'],
  ['fi', '芬兰语', 'Suomi'],
  ['fr', '法语', 'Français'],
  ['it', '意大利语', 'Italiano'],
  ['ja', '日语', '日本語'],
  ['ko', '韩语', '한국어'],
  ['no', '挪威语', 'Norsk'],
  ['pl', '波兰语', 'Polski'],
  ['pt', '葡萄牙语', 'Português'],
  ['ru', '俄语', 'Русский'],
  ['th', '泰语', 'ไทย'],
  ['id', '印度尼西亚语', 'Bahasa Indonesia'],
  ['ms', '马来语', 'Bahasa Melayu'],
  ['vi', '越南语', 'Tiếng Việt'],
];
/** Fixed ids, so every install names a seeded language the same way (1300000000901 onwards). */
const FIRST_ID = 1300000000901n;

/**
 * Languages (Admin.NET sysLang): a platform table, like the menus, edited by the super admin; the
 * sign-in page and the language switch read the active ones. Favourite menus (sysUserMenu): one
 * row per account and menu, tenant-owned.
 */
const statements = [
  `create table sys_lang (
    id bigint primary key,
    code varchar(16) not null,
    name varchar(64) not null,
    native_name varchar(64) not null,
    active boolean not null default true,
    order_no integer not null default 100,
    remark varchar(256),
    ${audit}
  )`,
  `create unique index sys_lang_code_uq on sys_lang (lower(code))`,
  `insert into sys_lang (id, code, name, native_name, order_no) values ${LANGUAGES.map(
    ([code, name, native], i) => `(${FIRST_ID + BigInt(i)}, '${code}', '${name}', '${native}', ${100 + i})`,
  ).join(', ')}`,
  `create table sys_user_menu (
    id bigint primary key,
    tenant_id bigint not null references sys_tenant(id),
    user_id bigint not null references sys_user(id) on delete cascade,
    menu_id bigint not null references sys_menu(id) on delete cascade,
    order_no integer not null default 100,
    create_time timestamptz not null default now()
  )`,
  `create unique index sys_user_menu_uq on sys_user_menu (tenant_id, user_id, menu_id)`,
  `create index sys_user_menu_menu_ix on sys_user_menu (menu_id)`,
  ...tenantOwned('sys_user_menu'),
];

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- migrations run before the typed schema exists
export async function up(db: Kysely<any>): Promise<void> {
  for (const statement of statements) await sql.raw(statement).execute(db);
}
