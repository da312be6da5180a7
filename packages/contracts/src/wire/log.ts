import { Type, type Static } from 'typebox';
import { Id } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';

/** The operation and difference logs (sysLogOp, sysLogDiff): schemas of apps/server modules/sys-log. */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

export const LogIdParams = Type.Object({ id: Id }, { additionalProperties: false });

export const PageOpLogBody = Type.Object(
  {
    ...PageInputFields,
    account: Type.Optional(Type.String({ maxLength: 64 })),
    url: Type.Optional(Type.String({ maxLength: 256 })),
    success: Type.Optional(Type.Boolean()),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type OpLogFilter = Static<typeof PageOpLogBody>;

export const OpLogExportBody = Type.Object(
  { ...PageOpLogBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type OpLogExportInput = Static<typeof OpLogExportBody>;

export const OpLogOutput = Type.Object({
  id: Id,
  account: Type.Union([Type.String(), Type.Null()]),
  realName: Type.Union([Type.String(), Type.Null()]),
  method: Type.String(),
  url: Type.String(),
  permission: Type.Union([Type.String(), Type.Null()]),
  ip: Type.Union([Type.String(), Type.Null()]),
  userAgent: Type.Union([Type.String(), Type.Null()]),
  statusCode: Type.Integer(),
  success: Type.Boolean(),
  message: Type.Union([Type.String(), Type.Null()]),
  elapsedMs: Type.Integer(),
  createTime: Type.String(),
});
export type OpLogRow = Static<typeof OpLogOutput>;

export const PageDiffLogBody = Type.Object(
  {
    ...PageInputFields,
    tableName: Type.Optional(Type.String({ maxLength: 64 })),
    rowId: Type.Optional(Id),
    account: Type.Optional(Type.String({ maxLength: 64 })),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type DiffLogFilter = Static<typeof PageDiffLogBody>;

export const DiffLogExportBody = Type.Object(
  { ...PageDiffLogBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type DiffLogExportInput = Static<typeof DiffLogExportBody>;

export const DiffLogOutput = Type.Object({
  id: Id,
  tableName: Type.String(),
  rowId: Type.String(),
  operation: Type.String(),
  changes: Type.Array(Type.Object({ field: Type.String(), before: Type.Unknown(), after: Type.Unknown() })),
  account: Type.Union([Type.String(), Type.Null()]),
  realName: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
});
export type DiffLogRow = Static<typeof DiffLogOutput>;
/** One changed field of a difference log entry. */
export type DiffLogChange = DiffLogRow['changes'][number];
