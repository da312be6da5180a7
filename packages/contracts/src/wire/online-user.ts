import { Type, type Static } from 'typebox';
import { Id } from './common.js';
import { PageInputFields } from './paging.js';

/** Online accounts (sysOnlineUser): the request and row schemas of apps/server modules/sys-online-user. */

export const PageOnlineUserBody = Type.Object(
  {
    ...PageInputFields,
    account: Type.Optional(Type.String({ maxLength: 64, description: 'Part of the account name' })),
    realName: Type.Optional(Type.String({ maxLength: 64, description: 'Part of the real name' })),
    tenantId: Type.Optional({ ...Id, description: 'Another tenant (super administrator only)' }),
  },
  { additionalProperties: false },
);
export type OnlineUserFilter = Static<typeof PageOnlineUserBody>;

export const OnlineUserOutput = Type.Object({
  connectionId: Type.String(),
  userId: Id,
  account: Type.String(),
  realName: Type.Union([Type.String(), Type.Null()]),
  time: Type.String({ description: 'When the connection opened' }),
  ip: Type.Union([Type.String(), Type.Null()]),
  browser: Type.Union([Type.String(), Type.Null()]),
  os: Type.Union([Type.String(), Type.Null()]),
  tenantId: Id,
});
export type OnlineUserRow = Static<typeof OnlineUserOutput>;

export const ForceOfflineBody = Type.Object(
  { connectionId: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const MessageTypeValue = Type.Union(
  [Type.Literal('info'), Type.Literal('success'), Type.Literal('warning'), Type.Literal('error')],
  { description: 'How the browser shows the message' },
);
/** How the browser shows a message sent to an online account. */
export type MessageType = Static<typeof MessageTypeValue>;

export const SendMessageBody = Type.Object(
  {
    userId: Id,
    title: Type.String({ minLength: 1, maxLength: 64 }),
    message: Type.String({ minLength: 1, maxLength: 1024 }),
    messageType: MessageTypeValue,
  },
  { additionalProperties: false },
);
export type SendMessageInput = Static<typeof SendMessageBody>;
