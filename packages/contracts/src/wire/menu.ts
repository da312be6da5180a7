import { Type, type Static, type TObject } from 'typebox';
import { Id, Nullable, StatusValue, treeOf } from './common.js';
import { ID_PATTERN } from './id.js';

/** Menus (sysMenu): the request and row schemas of apps/server modules/sys-menu. */

const Text = (maxLength: number, description?: string) =>
  Type.Optional(Nullable(Type.String({ maxLength, ...(description ? { description } : {}) })));

/** A parent id: '0' is the root. */
export const Pid = Type.String({
  pattern: `^(?:0|${ID_PATTERN.slice(1, -1)})$`,
  description: "Parent menu id; '0' root",
});
export const MenuTypeValue = Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3)], {
  description: '1 directory, 2 menu, 3 button',
});
/** Directory, menu (a page or a link), button (a permission). */
export type MenuTypeValue = Static<typeof MenuTypeValue>;

/** Every Menu field of SPEC section 3; absent fields keep their value on update. */
const MenuFields = {
  pid: Type.Optional(Pid),
  type: MenuTypeValue,
  title: Type.String({ minLength: 1, maxLength: 64, pattern: '\\S', description: 'Menu name' }),
  name: Text(64, 'Route name'),
  path: Text(256, 'Route path (directories and menus)'),
  component: Text(256, 'Component path'),
  redirect: Text(256),
  permission: Text(128, 'Permission code (buttons)'),
  icon: Text(64),
  outLink: Text(512, 'Link address: external, or embedded when isIframe'),
  isIframe: Type.Optional(Type.Boolean()),
  isHide: Type.Optional(Type.Boolean()),
  isKeepAlive: Type.Optional(Type.Boolean()),
  isAffix: Type.Optional(Type.Boolean()),
  orderNo: Type.Optional(Type.Integer({ minimum: -1_000_000, maximum: 1_000_000 })),
  status: Type.Optional(StatusValue),
  remark: Text(256),
};

export const AddMenuBody = Type.Object(MenuFields, { additionalProperties: false });
export type MenuInput = Static<typeof AddMenuBody>;

export const UpdateMenuBody = Type.Object(
  {
    id: Id,
    ...MenuFields,
    type: Type.Optional(MenuFields.type),
    title: Type.Optional(MenuFields.title),
  },
  { additionalProperties: false },
);
export type MenuUpdate = Static<typeof UpdateMenuBody>;

/** Admin.NET names (Title, Type, All, AppId), with camelCase aliases. */
export const MenuListQuery = Type.Object(
  {
    Title: Type.Optional(Type.String({ maxLength: 64 })),
    title: Type.Optional(Type.String({ maxLength: 64 })),
    Type: Type.Optional(MenuTypeValue),
    type: Type.Optional(MenuTypeValue),
    All: Type.Optional(Type.Boolean({ description: 'false lists enabled menus only' })),
    all: Type.Optional(Type.Boolean()),
    AppId: Type.Optional(Type.String({ maxLength: 32, description: 'Accepted for compatibility; unused' })),
    appId: Type.Optional(Type.String({ maxLength: 32 })),
  },
  { additionalProperties: false },
);
export type MenuFilter = Static<typeof MenuListQuery>;

const TREE_DEPTH = 6;

const LoginMenuFields = {
  id: Type.String(),
  pid: Type.String(),
  name: Nullable(Type.String()),
  path: Nullable(Type.String()),
  component: Nullable(Type.String()),
  redirect: Nullable(Type.String()),
  meta: Type.Object({
    title: Type.String(),
    icon: Nullable(Type.String()),
    isIframe: Type.Boolean(),
    isLink: Nullable(Type.String({ description: 'Link address (outLink)' })),
    isHide: Type.Boolean(),
    isKeepAlive: Type.Boolean(),
    isAffix: Type.Boolean(),
    isPublic: Type.Boolean(),
    roles: Type.Array(Type.String()),
  }),
};

/** A node of GET /api/sysMenu/loginMenuTree (SPEC section 3 "Menu tree node"). */
export const LoginMenuNode = treeOf(LoginMenuFields, TREE_DEPTH);
export type MenuTreeNode = Static<TObject<typeof LoginMenuFields>> & { children: MenuTreeNode[] };
/** Route meta of a menu tree node (SPEC section 2 "Route meta fields"); `isLink` is the link address. */
export type MenuMeta = MenuTreeNode['meta'];

const MenuRowFields = {
  id: Type.String(),
  pid: Type.String(),
  key: Nullable(Type.String({ description: 'Registry key; null for menus added by administrators' })),
  scope: Type.String({ description: "'platform' or 'tenant'" }),
  type: Type.Integer(),
  title: Type.String(),
  name: Nullable(Type.String()),
  path: Nullable(Type.String()),
  component: Nullable(Type.String()),
  redirect: Nullable(Type.String()),
  permission: Nullable(Type.String()),
  icon: Nullable(Type.String()),
  outLink: Nullable(Type.String()),
  isIframe: Type.Boolean(),
  isHide: Type.Boolean(),
  isKeepAlive: Type.Boolean(),
  isAffix: Type.Boolean(),
  orderNo: Type.Integer(),
  status: Type.Integer(),
  remark: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
  createUserName: Nullable(Type.String()),
  updateUserName: Nullable(Type.String()),
};
/** One menu of the administration list, without its children. */
export type MenuRow = Static<TObject<typeof MenuRowFields>>;

/** A node of GET /api/sysMenu/list (every field of the menu table, with its children). */
export const MenuListNode = treeOf(MenuRowFields, TREE_DEPTH);
export type MenuListNode = MenuRow & { children: MenuListNode[] };
