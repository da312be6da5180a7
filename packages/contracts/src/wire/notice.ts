import { Type, type Static } from 'typebox';
import { Id, IdInput } from './common.js';
import { PageInputFields } from './paging.js';

/**
 * Notices and announcements (sysNotice, Admin.NET's contract): the request and row schemas of
 * apps/server modules/sys-notice. A notice is a draft (0) until published (1, irreversible), then
 * may be cancelled (2). Recipients are everyone, organisations (and below) or named accounts.
 */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });
const NullableString = Type.Union([Type.String(), Type.Null()]);

/** 1 notice, 2 announcement (Admin.NET NoticeTypeEnum). */
export const NoticeTypeValue = Type.Union([Type.Literal(1), Type.Literal(2)], {
  description: '1 notice, 2 announcement',
});
/** 0 draft, 1 published, 2 cancelled (Admin.NET NoticeStatusEnum). */
export const NoticeStatusValue = Type.Union([Type.Literal(0), Type.Literal(1), Type.Literal(2)], {
  description: '0 draft, 1 published, 2 cancelled',
});
/** Who receives a notice when it is published. */
export const NoticeReceiveValue = Type.Union(
  [Type.Literal('all'), Type.Literal('org'), Type.Literal('user')],
  {
    description: 'all: every account of the tenant; org: the organisations and below; user: the accounts',
  },
);
export type NoticeReceive = Static<typeof NoticeReceiveValue>;

/** Rich text: sanitised by the server on add and update (tags and links outside the allow list go). */
const NoticeFields = {
  title: Type.String({ minLength: 1, maxLength: 128, description: 'Title' }),
  content: Type.String({ minLength: 1, maxLength: 500_000, description: 'HTML content, sanitised' }),
  type: NoticeTypeValue,
  receiveType: Type.Optional(NoticeReceiveValue),
  receiveOrgIds: Type.Optional(Type.Array(Id, { maxItems: 1000, uniqueItems: true })),
  receiveUserIds: Type.Optional(Type.Array(Id, { maxItems: 10_000, uniqueItems: true })),
};

export const AddNoticeBody = Type.Object(NoticeFields, { additionalProperties: false });
export const UpdateNoticeBody = Type.Object({ id: Id, ...NoticeFields }, { additionalProperties: false });
export type NoticeInput = Static<typeof AddNoticeBody>;
export type NoticeUpdate = Static<typeof UpdateNoticeBody>;

export const PageNoticeBody = Type.Object(
  {
    ...PageInputFields,
    title: Type.Optional(Type.String({ maxLength: 128 })),
    type: Type.Optional(NoticeTypeValue),
    status: Type.Optional(NoticeStatusValue),
    /** Created at or after / before (the list's date range). */
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type NoticeFilter = Static<typeof PageNoticeBody>;

export const NoticeIdInput = IdInput;
export const NoticeDetailQuery = Type.Object({ id: Id }, { additionalProperties: false });

export const NoticeOutput = Type.Object({
  id: Id,
  title: Type.String(),
  content: Type.String(),
  type: Type.Integer(),
  status: Type.Integer(),
  receiveType: Type.String(),
  receiveOrgIds: Type.Array(Id),
  receiveUserIds: Type.Array(Id),
  publicUserId: Type.Union([Id, Type.Null()]),
  publicUserName: NullableString,
  publicOrgId: Type.Union([Id, Type.Null()]),
  publicOrgName: NullableString,
  publicTime: NullableString,
  cancelTime: NullableString,
  /** Recipients written at publication, and how many of them have read it. */
  recipientCount: Type.Integer(),
  readCount: Type.Integer(),
  createUserId: Type.Union([Id, Type.Null()]),
  createUserName: NullableString,
  createTime: Type.String(),
  updateTime: NullableString,
});
export type NoticeRow = Static<typeof NoticeOutput>;

export const PageReceivedNoticeBody = Type.Object(
  {
    ...PageInputFields,
    title: Type.Optional(Type.String({ maxLength: 128 })),
    type: Type.Optional(NoticeTypeValue),
    /** 0 unread, 1 read. */
    readStatus: Type.Optional(Type.Union([Type.Literal(0), Type.Literal(1)])),
  },
  { additionalProperties: false },
);
export type ReceivedNoticeFilter = Static<typeof PageReceivedNoticeBody>;

/** A notice as its recipient sees it (Admin.NET's SysNoticeUser with its notice). */
export const ReceivedNoticeOutput = Type.Object({
  noticeId: Id,
  userId: Id,
  title: Type.String(),
  content: Type.String(),
  type: Type.Integer(),
  status: Type.Integer(),
  publicUserName: NullableString,
  publicOrgName: NullableString,
  publicTime: NullableString,
  cancelTime: NullableString,
  /** 0 unread, 1 read. */
  readStatus: Type.Integer(),
  readTime: NullableString,
});
export type ReceivedNoticeRow = Static<typeof ReceivedNoticeOutput>;

/** The hub event PublicNotice: the published notice, to its online recipients. */
export interface PublicNoticePayload {
  id: string;
  title: string;
  type: number;
  publicUserName: string | null;
  publicTime: string;
}
