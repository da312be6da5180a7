import type { ColumnType, Generated } from 'kysely';
import type { Audit, Id, NullableTimestamp } from '../../platform/db/tables/column-types.js';

/** Account or organisation ids, stored as a JSON array of decimal strings (written as its JSON text). */
export type IdList = ColumnType<string[], string | undefined, string>;

/** Notices and announcements (0011_notices_messages), a tenant table. */
export interface SysNoticeTable extends Audit {
  id: Id;
  tenantId: Id;
  title: string;
  content: string;
  type: number;
  status: Generated<number>;
  receiveType: Generated<string>;
  receiveOrgIds: IdList;
  receiveUserIds: IdList;
  publicUserId: Id | null;
  publicUserName: string | null;
  publicOrgId: Id | null;
  publicOrgName: string | null;
  publicTime: NullableTimestamp;
  cancelTime: NullableTimestamp;
}

/** One recipient of a published notice, with its read state. */
export interface SysNoticeUserTable {
  tenantId: Id;
  noticeId: Id;
  userId: Id;
  readStatus: Generated<number>;
  readTime: NullableTimestamp;
}

declare module '../../platform/db/schema.js' {
  interface ModuleTables {
    sysNotice: SysNoticeTable;
    sysNoticeUser: SysNoticeUserTable;
  }
}
