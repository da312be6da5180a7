/**
 * The realtime protocol (Socket.IO at /hubs/onlineUser, websocket transport): the server-to-client
 * events of Admin.NET's OnlineUserHub and their payloads. The client authenticates in the handshake
 * with `auth: { token: <access JWT> }`.
 */
export const HUB_PATH = '/hubs/onlineUser';

export const HubEvent = {
  /** The session ended (forced offline, password changed, disabled, ...): sign in again. */
  ForceOffline: 'ForceOffline',
  /** A message an administrator sent to the account. */
  ReceiveMessage: 'ReceiveMessage',
  /** A notice or announcement was published to the account (sysNotice/public). */
  PublicNotice: 'PublicNotice',
  /**
   * The online notice (tenant setting onlineNotice, Admin.NET's sys_login_out_reminder): an account
   * of the tenant came online or went offline; carries the first entries of the list.
   */
  OnlineUserList: 'OnlineUserList',
  /** A connection of the tenant opened or closed (no payload): open online-user lists refresh. */
  OnlineUsersChanged: 'OnlineUsersChanged',
} as const;

export interface ForceOfflinePayload {
  /** Why the session ended: forceOffline, passwordChange, lockout, logout, reuse, disabled, ... */
  reason: string;
}

export type MessageType = 'info' | 'success' | 'warning' | 'error';

export interface ReceiveMessagePayload {
  title: string;
  message: string;
  messageType: MessageType;
  sendUserId: string;
  sendUserName: string;
  time: string;
}

export interface OnlineEntry {
  connectionId: string;
  userId: string;
  account: string;
  realName: string | null;
  time: string;
  ip: string | null;
  browser: string | null;
  os: string | null;
  tenantId: string;
}

export interface OnlineUserListPayload {
  realName: string;
  online: boolean;
  userList: OnlineEntry[];
}

/** Rooms every connection joins. User ids are unique across tenants. */
export const rooms = {
  tenant: (tenantId: string) => `tenant:${tenantId}`,
  user: (userId: string) => `user:${userId}`,
  tenantUser: (tenantId: string, userId: string) => `tenant:${tenantId}:user:${userId}`,
  family: (family: string) => `family:${family}`,
};
