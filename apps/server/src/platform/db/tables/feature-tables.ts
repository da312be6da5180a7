import type { ColumnType, Generated } from 'kysely';
import type { Id, Audit } from './column-types.js';

/** Tables of the features added after the foundation: stored files, schedules (0003), third-party sign-in (0002). */

/** A stored file (0003_schedule_file): where it lies and the URL it is served at. */
export interface SysFileTable extends Audit {
  id: Id;
  tenantId: Id;
  provider: Generated<string>;
  kind: string;
  fileName: string;
  suffix: string;
  contentType: string;
  sizeBytes: ColumnType<string, string | number, string | number>;
  storagePath: string;
  url: string;
  /** The file centre's fields (0013_files). */
  bucketName: string | null;
  fileAlias: string | null;
  fileType: string | null;
  folder: Generated<string>;
  isPublic: Generated<boolean>;
  dataId: Id | null;
  fileMd5: string | null;
}

/** A personal calendar entry (0003_schedule_file); times are HH:mm of the entry's day. */
export interface SysScheduleTable extends Audit {
  id: Id;
  tenantId: Id;
  userId: Id;
  scheduleTime: ColumnType<string, string, string>;
  startTime: string;
  endTime: string;
  content: string;
  status: Generated<number>;
  orderNo: Generated<number>;
}

/** A tenant's OAuth 2.0 / OIDC provider for third-party sign-in (0002_oauth). */
export interface SysOauthProviderTable extends Audit {
  id: Id;
  tenantId: Id;
  code: string;
  name: string;
  icon: string | null;
  /** oauth2, wechat_open or wechat_mp (0031_oauth_protocol). */
  protocol: Generated<string>;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string | null;
  clientAuthMethod: Generated<string>;
  scope: Generated<string>;
  subjectClaim: Generated<string>;
  status: Generated<number>;
  orderNo: Generated<number>;
  remark: string | null;
  /** The account type of whoever last configured it; higher accounts may not sign in through it. */
  managerType: Generated<number>;
}

/** An external identity (provider + subject) bound to an account (0002_oauth). */
export interface SysOauthBindingTable {
  id: Id;
  tenantId: Id;
  providerId: Id;
  subject: string;
  userId: Id;
  /** The name and picture the provider gave when binding (0031_oauth_protocol; WeChat's nickname, headimgurl). */
  externalName: string | null;
  avatar: string | null;
  createTime: Generated<Date>;
}
