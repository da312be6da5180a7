import type { Generated } from 'kysely';
import type { Id } from '../db/tables/column-types.js';

/** The visit, exception and HTTP request logs (0012_logs); tenant-owned, written by the batch writer. */

export interface SysLogVisTable {
  id: Id;
  tenantId: Id;
  userId: Id | null;
  account: string | null;
  realName: string | null;
  /** `login` or `logout`. */
  actionName: string;
  /** How the user signed in: `password`, `phone`, `oauth`, ...; null for a sign-out. */
  loginMode: string | null;
  success: boolean;
  /** Why a sign-in failed (the localized message the user saw). */
  message: string | null;
  remoteIp: string | null;
  location: string | null;
  browser: string | null;
  os: string | null;
  userAgent: string | null;
  elapsedMs: number;
  createTime: Generated<Date>;
}

export interface SysLogExTable {
  id: Id;
  tenantId: Id;
  /** The request id, shown to the user in the error answer ("ref: ..."). */
  requestId: string;
  userId: Id | null;
  account: string | null;
  realName: string | null;
  method: string;
  url: string;
  statusCode: number;
  message: string | null;
  stack: string | null;
  remoteIp: string | null;
  userAgent: string | null;
  createTime: Generated<Date>;
}

export interface SysLogHttpTable {
  id: Id;
  tenantId: Id;
  requestId: string | null;
  userId: Id | null;
  account: string | null;
  method: string;
  url: string;
  statusCode: number;
  elapsedMs: number;
  remoteIp: string | null;
  userAgent: string | null;
  /** JSON of the headers kept (Authorization, Cookie and X-Authorization dropped). */
  requestHeaders: string | null;
  /** Bodies with secret fields redacted, cut at a size cap. */
  requestBody: string | null;
  responseBody: string | null;
  createTime: Generated<Date>;
}

declare module '../db/schema.js' {
  interface ModuleTables {
    sysLogVis: SysLogVisTable;
    sysLogEx: SysLogExTable;
    sysLogHttp: SysLogHttpTable;
  }
}
