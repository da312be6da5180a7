import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';
import { PageInputFields, PageOf } from './paging.js';
import { SysInfoResult } from './sys-info.js';

/**
 * Configuration items (sysConfig): the request and row schemas of apps/server modules/sys-config.
 * Each tenant holds its own copy of the items; the super admin edits those of the tenant worked in.
 */

/** A code the product may read: letters, digits and `_ . : -`, starting with a letter. */
const Code = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.:-]*$' });
const GroupCode = Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z][A-Za-z0-9_.:-]*$' });

const ConfigFields = {
  name: Type.String({ minLength: 1, maxLength: 64 }),
  code: Code,
  value: Nullable(Type.String({ maxLength: 512 })),
  groupCode: Type.Optional(GroupCode),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  remark: Type.Optional(Nullable(Type.String({ maxLength: 256 }))),
};

/** Items added here are the operator's own (sysFlag N); system items come with the product. */
export const AddConfigBody = Type.Object(ConfigFields, { additionalProperties: false });
export const UpdateConfigBody = Type.Object({ id: Id, ...ConfigFields }, { additionalProperties: false });
export type ConfigInput = Static<typeof AddConfigBody>;
export type ConfigUpdate = Static<typeof UpdateConfigBody>;

const FilterFields = {
  name: Type.Optional(Type.String({ maxLength: 64 })),
  code: Type.Optional(Type.String({ maxLength: 64 })),
  groupCode: Type.Optional(Type.String({ maxLength: 64 })),
};
export const ConfigListBody = Type.Object(FilterFields, { additionalProperties: false });
export type ConfigFilter = Static<typeof ConfigListBody>;
export const ConfigPageBody = Type.Object(
  { ...PageInputFields, ...FilterFields },
  { additionalProperties: false },
);
export type ConfigPageInput = Static<typeof ConfigPageBody>;

/** Admin.NET's batchUpdate: new values by code, all or none. */
export const BatchUpdateConfigBody = Type.Array(
  Type.Object(
    { code: Code, value: Nullable(Type.String({ maxLength: 512 })) },
    { additionalProperties: false },
  ),
  { minItems: 1, maxItems: 200 },
);
export type BatchConfigValues = Static<typeof BatchUpdateConfigBody>;

export const ConfigOutput = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.String(),
  value: Nullable(Type.String()),
  /** Y: an item the product reads; it cannot be deleted and its code cannot change. */
  sysFlag: Type.Union([Type.Literal('Y'), Type.Literal('N')]),
  groupCode: Type.String(),
  orderNo: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
});
export type ConfigRow = Static<typeof ConfigOutput>;
export const ConfigPage = PageOf(ConfigOutput);

/**
 * GET /api/sysConfig/sysInfo (public): the system information of the tenant the request's host
 * belongs to (the default tenant when none), as sysTenant/sysInfo gives it, and whether the sign-in
 * page hides its tenant choice.
 */
export const ConfigSysInfoResult = Type.Object({
  ...SysInfoResult.properties,
  hideTenantForLogin: Type.Boolean(),
});
export type ConfigSysInfo = Static<typeof ConfigSysInfoResult>;

export const ConfigDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });
