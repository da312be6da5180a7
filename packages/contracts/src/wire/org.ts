import { Type, type Static } from 'typebox';
import { Id, StatusValue, treeOf } from './common.js';

/** Organisations (sysOrg): the request and row schemas of apps/server modules/sys-org. */

const Name = Type.String({ minLength: 1, maxLength: 64, description: 'Organisation name' });
const Code = Type.String({
  minLength: 1,
  maxLength: 64,
  description: 'Organisation code, unique in the tenant',
});
/** 0 is the root: an organisation without a parent. */
const ParentId = Type.Union([Type.Literal('0'), Id], { description: 'Parent organisation id, 0 for a root' });

const OrgFields = {
  pid: ParentId,
  name: Name,
  code: Code,
  type: Type.Optional(Type.Union([Type.String({ maxLength: 64 }), Type.Null()])),
  directorId: Type.Optional(Type.Union([Id, Type.Null()])),
  orderNo: Type.Optional(Type.Integer({ minimum: 0, maximum: 999999 })),
  status: Type.Optional(StatusValue),
  remark: Type.Optional(Type.Union([Type.String({ maxLength: 256 }), Type.Null()])),
};

export const AddOrgBody = Type.Object(OrgFields, { additionalProperties: false });
/**
 * Name and code may be left out of an update (unchanged): a role whose field blacklist hides one of
 * them can still edit the rest, since hidden fields are refused in requests.
 */
export const UpdateOrgBody = Type.Object(
  { id: Id, ...OrgFields, name: Type.Optional(Name), code: Type.Optional(Code) },
  { additionalProperties: false },
);
export type OrgInput = Static<typeof AddOrgBody>;
export type OrgUpdate = Static<typeof UpdateOrgBody>;

export const OrgListQuery = Type.Object(
  {
    Name: Type.Optional(Type.String({ maxLength: 64 })),
    Code: Type.Optional(Type.String({ maxLength: 64 })),
    Type: Type.Optional(Type.String({ maxLength: 64 })),
  },
  { additionalProperties: false },
);
export type OrgFilter = Static<typeof OrgListQuery>;

const OrgCore = {
  id: Id,
  pid: Type.String(),
  name: Type.String(),
  code: Type.Union([Type.String(), Type.Null()]),
  level: Type.Union([Type.Integer(), Type.Null()]),
  type: Type.Union([Type.String(), Type.Null()]),
  directorId: Type.Union([Type.String(), Type.Null()]),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  remark: Type.Union([Type.String(), Type.Null()]),
  createTime: Type.String(),
  updateTime: Type.Union([Type.String(), Type.Null()]),
  createUserName: Type.Union([Type.String(), Type.Null()]),
  updateUserName: Type.Union([Type.String(), Type.Null()]),
};

/** One organisation, without its children (sysUser/orgInfo). */
export const OrgInfo = Type.Object(OrgCore);
export type OrgInfo = Static<typeof OrgInfo>;

/** Organisation trees of a school group or a company rarely pass eight levels; deeper ones still serialise. */
export const OrgNode = treeOf(OrgCore, 8);
/** A node of GET /api/sysOrg/list, at any depth. */
export type OrgNode = OrgInfo & { children: OrgNode[] };
