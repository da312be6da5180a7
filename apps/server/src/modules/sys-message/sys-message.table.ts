import type { Generated } from 'kysely';
import type { Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';

/** A message sent to accounts (0011_notices_messages), a tenant table. */
export interface SysMessageTable {
  id: Id;
  tenantId: Id;
  title: string;
  message: string;
  messageType: string;
  /** user, users, all, other (sysMessage/send*) or onlineUser (the online-user page). */
  sendKind: string;
  sendUserId: Id | null;
  sendUserName: string | null;
  createTime: Generated<Date>;
}

/** One recipient of a message: the inbox row with its read state. */
export interface SysMessageUserTable {
  tenantId: Id;
  messageId: Id;
  userId: Id;
  readStatus: Generated<number>;
  readTime: NullableTimestamp;
}

/** The message log: one row per send, kept until cleared (apart from the inbox rows). */
export interface SysLogMsgTable {
  id: Id;
  tenantId: Id;
  messageId: Id;
  title: string;
  message: string;
  messageType: string;
  sendKind: string;
  sendUserId: Id | null;
  sendUserName: string | null;
  recipientCount: number;
  onlineCount: number;
  createTime: Generated<Date>;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysMessage: SysMessageTable;
    sysMessageUser: SysMessageUserTable;
    sysLogMsg: SysLogMsgTable;
  }
}
