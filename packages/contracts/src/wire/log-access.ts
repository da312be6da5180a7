import { Type, type Static } from 'typebox';
import { Id } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';

/** The visit, exception and HTTP request logs (sysLogVis, sysLogEx, sysLogHttp): schemas of apps/server modules/sys-log. */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const Text = Type.Union([Type.String(), Type.Null()]);
const Range = { startTime: Type.Optional(Time), endTime: Type.Optional(Time) };

export const PageVisLogBody = Type.Object(
  {
    ...PageInputFields,
    account: Type.Optional(Type.String({ maxLength: 64 })),
    actionName: Type.Optional(Type.Union([Type.Literal('login'), Type.Literal('logout')])),
    success: Type.Optional(Type.Boolean()),
    remoteIp: Type.Optional(Type.String({ maxLength: 64 })),
    ...Range,
  },
  { additionalProperties: false },
);
export type VisLogFilter = Static<typeof PageVisLogBody>;
export const VisLogExportBody = Type.Object(
  { ...PageVisLogBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type VisLogExportInput = Static<typeof VisLogExportBody>;

export const VisLogOutput = Type.Object({
  id: Id,
  account: Text,
  realName: Text,
  /** `login` or `logout`. */
  actionName: Type.String(),
  /** `password`, `phone`, `qr`, `oauth`; null for a sign-out. */
  loginMode: Text,
  success: Type.Boolean(),
  /** Why a sign-in was refused. */
  message: Text,
  remoteIp: Text,
  /** "Local network" (in the reader's language) for private addresses; null when unknown. */
  location: Text,
  browser: Text,
  os: Text,
  userAgent: Text,
  elapsedMs: Type.Integer(),
  createTime: Type.String(),
});
export type VisLogRow = Static<typeof VisLogOutput>;

export const PageExLogBody = Type.Object(
  {
    ...PageInputFields,
    /** The reference the user was shown ("ref: ..."). */
    requestId: Type.Optional(Type.String({ maxLength: 64 })),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    url: Type.Optional(Type.String({ maxLength: 256 })),
    ...Range,
  },
  { additionalProperties: false },
);
export type ExLogFilter = Static<typeof PageExLogBody>;
export const ExLogExportBody = Type.Object(
  { ...PageExLogBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type ExLogExportInput = Static<typeof ExLogExportBody>;

export const ExLogOutput = Type.Object({
  id: Id,
  requestId: Type.String(),
  account: Text,
  realName: Text,
  method: Type.String(),
  url: Type.String(),
  statusCode: Type.Integer(),
  message: Text,
  stack: Text,
  remoteIp: Text,
  userAgent: Text,
  createTime: Type.String(),
});
export type ExLogRow = Static<typeof ExLogOutput>;

export const PageHttpLogBody = Type.Object(
  {
    ...PageInputFields,
    account: Type.Optional(Type.String({ maxLength: 64 })),
    method: Type.Optional(Type.String({ maxLength: 8 })),
    url: Type.Optional(Type.String({ maxLength: 256 })),
    statusCode: Type.Optional(Type.Integer({ minimum: 100, maximum: 599 })),
    ...Range,
  },
  { additionalProperties: false },
);
export type HttpLogFilter = Static<typeof PageHttpLogBody>;
export const HttpLogExportBody = Type.Object(
  { ...PageHttpLogBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type HttpLogExportInput = Static<typeof HttpLogExportBody>;

export const HttpLogOutput = Type.Object({
  id: Id,
  requestId: Text,
  account: Text,
  method: Type.String(),
  url: Type.String(),
  statusCode: Type.Integer(),
  elapsedMs: Type.Integer(),
  remoteIp: Text,
  userAgent: Text,
  requestHeaders: Text,
  requestBody: Text,
  responseBody: Text,
  createTime: Type.String(),
});
export type HttpLogRow = Static<typeof HttpLogOutput>;

/** The answer of sysLogOp/verify and sysLogDiff/verify: the chain is intact, or its first broken link. */
export const ChainVerifyOutput = Type.Object({
  intact: Type.Boolean(),
  /** Chained rows checked (up to the break). */
  rows: Type.Integer(),
  /** Rows written before the chain existed (no hash), at its start. */
  unchained: Type.Integer(),
  brokenId: Type.Optional(Id),
  brokenTime: Type.Optional(Type.String()),
  reason: Type.Optional(Type.String()),
});
export type ChainVerifyResult = Static<typeof ChainVerifyOutput>;
