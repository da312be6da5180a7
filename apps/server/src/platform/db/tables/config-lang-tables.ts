import type { Generated } from 'kysely';
import type { Audit, Id, Timestamp } from './column-types.js';

/** Languages (0015_config_lang_user_menu): a platform table, no tenant column. */
export interface SysLangTable extends Audit {
  id: Id;
  code: string;
  name: string;
  nativeName: string;
  active: Generated<boolean>;
  orderNo: Generated<number>;
  remark: string | null;
}

/** An account's favourite menus (0015_config_lang_user_menu), tenant-owned. */
export interface SysUserMenuTable {
  id: Id;
  tenantId: Id;
  userId: Id;
  menuId: Id;
  orderNo: Generated<number>;
  createTime: Generated<Timestamp>;
}
