import { Type, type Static } from 'typebox';
import { Id } from './common.js';

/**
 * The account picker of the message and notice forms: a few accounts of the tenant by account or
 * real name, for senders and notice editors who may not list accounts (no sysUser:page).
 */
export const PickUserBody = Type.Object(
  {
    keyword: Type.String({ minLength: 1, maxLength: 32 }),
    limit: Type.Optional(Type.Integer({ minimum: 1, maximum: 50, default: 20 })),
  },
  { additionalProperties: false },
);
export type PickUserInput = Static<typeof PickUserBody>;

export const PickedUser = Type.Object({
  id: Id,
  account: Type.String(),
  realName: Type.Union([Type.String(), Type.Null()]),
  orgName: Type.Union([Type.String(), Type.Null()]),
});
export type PickedUserRow = Static<typeof PickedUser>;
