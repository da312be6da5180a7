import { Type, type Static } from 'typebox';
import { Id, IdInput } from './common.js';
import { ExportFields } from './export.js';
import { MessageTypeValue } from './online-user.js';
import { PageInputFields } from './paging.js';

/**
 * Messages between accounts (sysMessage, Admin.NET's MessageInput) and the inbox they land in, and
 * the message log (sysLogMsg). Unlike Admin.NET, messages are kept: one row per message and one per
 * recipient with its read state; the hub event ReceiveMessage delivers them live.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

const MessageFields = {
  title: Type.String({ minLength: 1, maxLength: 128 }),
  messageType: MessageTypeValue,
  message: Type.String({ minLength: 1, maxLength: 4000 }),
};

export const SendUserBody = Type.Object(
  { receiveUserId: Id, ...MessageFields },
  { additionalProperties: false },
);
export const SendUsersBody = Type.Object(
  { userIds: Type.Array(Id, { minItems: 1, maxItems: 10_000, uniqueItems: true }), ...MessageFields },
  { additionalProperties: false },
);
export const SendAllUserBody = Type.Object(MessageFields, { additionalProperties: false });
/** Everyone but the sender; Admin.NET's receiveUserId (the one left out) is honoured when sent. */
export const SendOtherUserBody = Type.Object(
  { receiveUserId: Type.Optional(Id), ...MessageFields },
  { additionalProperties: false },
);
export type MessageContent = Static<typeof SendAllUserBody>;
export type SendUserInput = Static<typeof SendUserBody>;
export type SendUsersInput = Static<typeof SendUsersBody>;
export type SendOtherUserInput = Static<typeof SendOtherUserBody>;

/** How many accounts a send reached, and how many of them had a page open. */
export const SendResultOutput = Type.Object({
  id: Id,
  recipientCount: Type.Integer(),
  onlineCount: Type.Integer(),
});

export const PageInboxBody = Type.Object(
  {
    ...PageInputFields,
    title: Type.Optional(Type.String({ maxLength: 128 })),
    /** 0 unread, 1 read. */
    readStatus: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  },
  { additionalProperties: false },
);
export type InboxFilter = Static<typeof PageInboxBody>;

export const InboxMessageOutput = Type.Object({
  id: Id,
  title: Type.String(),
  message: Type.String(),
  messageType: Type.String(),
  sendUserId: Type.Union([Id, Type.Null()]),
  sendUserName: NullableString,
  sendTime: Type.String(),
  readStatus: Type.Integer(),
  readTime: NullableString,
});
export type InboxMessageRow = Static<typeof InboxMessageOutput>;

export const MessageIdInput = IdInput;
export const MessageDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

/** Unread notices and messages of the caller (the top bar bell). */
export const UnreadCountOutput = Type.Object({
  notices: Type.Integer(),
  messages: Type.Integer(),
});
export type UnreadCount = Static<typeof UnreadCountOutput>;

export const PageMsgLogBody = Type.Object(
  {
    ...PageInputFields,
    title: Type.Optional(Type.String({ maxLength: 128 })),
    sendUserName: Type.Optional(Type.String({ maxLength: 64 })),
    messageType: Type.Optional(MessageTypeValue),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type MsgLogFilter = Static<typeof PageMsgLogBody>;

export const MsgLogExportBody = Type.Object(
  { ...PageMsgLogBody.properties, ...ExportFields },
  { additionalProperties: false },
);
export type MsgLogExportInput = Static<typeof MsgLogExportBody>;

export const MsgLogOutput = Type.Object({
  id: Id,
  title: Type.String(),
  message: Type.String(),
  messageType: Type.String(),
  /** user, users, all, other (sysMessage/send*) or onlineUser (the online-user page). */
  sendKind: Type.String(),
  sendUserId: Type.Union([Id, Type.Null()]),
  sendUserName: NullableString,
  recipientCount: Type.Integer(),
  onlineCount: Type.Integer(),
  createTime: Type.String(),
});
export type MsgLogRow = Static<typeof MsgLogOutput>;
