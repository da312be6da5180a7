/** The wire of sysNotice lives in @lintel/contracts (wire/notice.ts), shared with the web app. */
export {
  AddNoticeBody,
  NoticeDetailQuery,
  NoticeIdInput,
  NoticeOutput,
  PageNoticeBody,
  PageReceivedNoticeBody,
  ReceivedNoticeOutput,
  UpdateNoticeBody,
  type NoticeFilter,
  type NoticeInput,
  type NoticeUpdate,
  type PublicNoticePayload,
  type ReceivedNoticeFilter,
} from '@lintel/contracts/wire';
