import { Type, type Static } from 'typebox';
import { ExportFields } from './export.js';
import { Id, StatusValue } from './common.js';
import { PageInputFields } from './paging.js';

/** Positions (sysPos): the request and row schemas of apps/server modules/sys-pos. */

const PosFields = {
  name: Type.String({ minLength: 1, maxLength: 64, description: 'Position name' }),
  code: Type.String({ minLength: 1, maxLength: 64, description: 'Position code, unique in the tenant' }),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
};

export const AddPosBody = Type.Object(PosFields, { additionalProperties: false });
export const UpdatePosBody = Type.Object({ id: Id, ...PosFields }, { additionalProperties: false });
export type PosInput = Static<typeof AddPosBody>;
export type PosUpdate = Static<typeof UpdatePosBody>;

export const PosListQuery = Type.Object(
  {
    Name: Type.Optional(Type.String({ maxLength: 64 })),
    Code: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type PosFilter = Static<typeof PosListQuery>;

/**
 * The list's filter and what to write; `page` / `pageSize` name the page the user sees (the list is
 * paged in the browser), used when `range` is `page`.
 */
export const PosExportBody = Type.Object(
  {
    ...PosListQuery.properties,
    page: PageInputFields.page,
    pageSize: PageInputFields.pageSize,
    ...ExportFields,
  },
  { additionalProperties: false },
);
export type PosExportInput = Static<typeof PosExportBody>;

export const PosOutput = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** Accounts in the caller's data scope holding the position (as main or affiliated position). */
  staffCount: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.Union([Type.String(), Type.Null()]),
});
export type PosRow = Static<typeof PosOutput>;

export const StaffQuery = Type.Object({ Id: Id }, { additionalProperties: false });

export const StaffOutput = Type.Object({
  id: Id,
  account: Type.String(),
  realName: Type.Union([Type.String(), Type.Null()]),
  phone: Type.Union([Type.String(), Type.Null()]),
  orgName: Type.Union([Type.String(), Type.Null()]),
  status: Type.Integer(),
  /** True when the position is the account's main one, false for an affiliated one. */
  main: Type.Boolean(),
});
export type StaffRow = Static<typeof StaffOutput>;
