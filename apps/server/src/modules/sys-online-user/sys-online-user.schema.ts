/** The wire of sysOnlineUser lives in @lintel/contracts (wire/online-user.ts), shared with the web app. */
export {
  ForceOfflineBody,
  MessageTypeValue,
  OnlineUserOutput,
  PageOnlineUserBody,
  SendMessageBody,
  type OnlineUserFilter,
  type SendMessageInput,
} from '@lintel/contracts/wire';
