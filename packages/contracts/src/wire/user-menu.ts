import { Type, type Static } from 'typebox';
import { Id, Nullable } from './common.js';

/** Favourite menus of the signed-in account (sysUserMenu), shown as shortcuts on the dashboard. */

/** Admin.NET's AddUserMenuInput: `add` makes these the account's favourites, in this order. */
export const UserMenuIdsBody = Type.Object(
  { menuIdList: Type.Array(Id, { maxItems: 200, uniqueItems: true }) },
  { additionalProperties: false },
);
export type UserMenuIds = Static<typeof UserMenuIdsBody>;

export const UserMenuOutput = Type.Object({
  id: Id,
  pid: Id,
  name: Nullable(Type.String()),
  title: Type.String(),
  path: Nullable(Type.String()),
  icon: Nullable(Type.String()),
});
export type UserMenuRow = Static<typeof UserMenuOutput>;
