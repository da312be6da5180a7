import { Type, type Static } from 'typebox';
import { Id, StatusValue } from './common.js';
import { ExportFields } from './export.js';
import { PageInputFields } from './paging.js';

/** Roles (sysRole): the request and row schemas of apps/server modules/sys-role. */

const DataScopeValue = Type.Union(
  [1, 2, 3, 4, 5].map((v) => Type.Literal(v)),
  {
    description: '1 all, 2 department and below, 3 department only, 4 personal only, 5 custom organisations',
  },
);

const RoleFields = {
  name: Type.String({ minLength: 1, maxLength: 64, description: 'Role name' }),
  code: Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_.:-]+$', description: 'Role code' }),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
};

export const AddRoleBody = Type.Object(
  { ...RoleFields, dataScope: Type.Optional(DataScopeValue) },
  { additionalProperties: false },
);
export const UpdateRoleBody = Type.Object({ id: Id, ...RoleFields }, { additionalProperties: false });
export type RoleInput = Static<typeof AddRoleBody>;
export type RoleUpdate = Static<typeof UpdateRoleBody>;

export const CopyRoleBody = Type.Object(
  {
    id: Id,
    name: Type.Optional(RoleFields.name),
    code: Type.Optional(RoleFields.code),
  },
  { additionalProperties: false },
);

export const PageRoleBody = Type.Object(
  {
    ...PageInputFields,
    name: Type.Optional(Type.String({ maxLength: 64 })),
    code: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type RoleFilter = Static<typeof PageRoleBody>;

export const RoleExportBody = Type.Object(
  { ...PageRoleBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type RoleExportInput = Static<typeof RoleExportBody>;

export const RoleOutput = Type.Object({
  id: Id,
  name: Type.String(),
  code: Type.String(),
  dataScope: Type.Integer(),
  isSystem: Type.Boolean(),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  /** Accounts holding the role. */
  userCount: Type.Integer(),
  createTime: Type.String(),
  updateTime: Type.Union([Type.String(), Type.Null()]),
  updateUserName: Type.Union([Type.String(), Type.Null()]),
});
export type RoleRow = Static<typeof RoleOutput>;

/** A role named in the query string (Admin.NET's `Id`). */
export const RoleIdQuery = Type.Object({ Id: Id }, { additionalProperties: false });

export const GrantMenuBody = Type.Object(
  { id: Id, menuIdList: Type.Array(Id, { maxItems: 5000, uniqueItems: true }) },
  { additionalProperties: false },
);
export const GrantDataScopeBody = Type.Object(
  {
    id: Id,
    dataScope: DataScopeValue,
    orgIdList: Type.Optional(Type.Array(Id, { maxItems: 20000, uniqueItems: true })),
  },
  { additionalProperties: false },
);
export const GrantApiBody = Type.Object(
  {
    id: Id,
    apiList: Type.Array(Type.String({ pattern: '^/api/[A-Za-z0-9]+/', maxLength: 200 }), {
      maxItems: 2000,
      uniqueItems: true,
    }),
  },
  { additionalProperties: false },
);
export const GrantUserBody = Type.Object(
  { id: Id, userIdList: Type.Array(Id, { maxItems: 20000, uniqueItems: true }) },
  { additionalProperties: false },
);

/** A table and columns of it: a field blacklist entry, or a table the blacklist may name. */
export const TableColumns = Type.Object({
  tableName: Type.String({ maxLength: 64 }),
  columns: Type.Array(Type.String({ maxLength: 64 }), { maxItems: 200 }),
});
export type TableColumns = Static<typeof TableColumns>;

export const GrantRoleTableBody = Type.Object(
  { id: Id, tableColumnList: Type.Array(TableColumns, { maxItems: 100 }) },
  { additionalProperties: false },
);

export const RoleIdParams = Type.Object({ roleId: Id }, { additionalProperties: false });

/** A menu or button a role may be granted (flat, in tree order; pid links them). */
export const GrantableMenu = Type.Object({
  id: Type.String(),
  pid: Type.String(),
  /** Route name of a directory or page (the web app translates `routes.<name>`). */
  name: Type.Union([Type.String(), Type.Null()]),
  title: Type.String(),
  type: Type.Integer(),
  permission: Type.Union([Type.String(), Type.Null()]),
  icon: Type.Union([Type.String(), Type.Null()]),
  scope: Type.String(),
});
export type GrantableMenu = Static<typeof GrantableMenu>;

/** A route an API blacklist may name. */
export const ApiRoute = Type.Object({ url: Type.String(), method: Type.String(), permission: Type.String() });
export type ApiRoute = Static<typeof ApiRoute>;

/** An account holding a role. */
export const RoleHolder = Type.Object({
  id: Type.String(),
  account: Type.String(),
  realName: Type.Union([Type.String(), Type.Null()]),
  orgName: Type.Union([Type.String(), Type.Null()]),
});
export type RoleHolder = Static<typeof RoleHolder>;
