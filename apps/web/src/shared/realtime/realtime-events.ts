import type { MessageType } from '@lintel/contracts';

/** The realtime hub's protocol as the browser sees it (server: platform/realtime/events.ts). */
export const HUB_PATH = '/hubs/onlineUser';

export interface ForceOfflinePayload {
  reason: string;
}

export interface ReceiveMessagePayload {
  title: string;
  message: string;
  messageType: MessageType;
  sendUserId: string;
  sendUserName: string;
  time: string;
}

/** A notice or announcement published to the account (sysNotice/public). */
export interface PublicNoticePayload {
  id: string;
  title: string;
  type: number;
  publicUserName: string | null;
  publicTime: string;
}

/** The query key prefix of the caller's notices and messages (bell, inbox, dashboard widget). */
export const INBOX_KEY = ['inbox'] as const;

/** The online notice (tenant setting onlineNotice): an account of the tenant came or went. */
export interface OnlineUserListPayload {
  realName: string;
  online: boolean;
}

export interface RealtimeHandlers {
  onForceOffline(payload: ForceOfflinePayload): void;
  onMessage(payload: ReceiveMessagePayload): void;
  /** PublicNotice: a notice was published to the account. */
  onPublicNotice(payload: PublicNoticePayload): void;
  /** OnlineUserList: sent only when the tenant turned on the online notice. */
  onOnlineUsers(payload: OnlineUserListPayload): void;
  /** OnlineUsersChanged: a connection of the tenant opened or closed. */
  onOnlineUsersChanged(): void;
}

/** The query key prefix of the online-user list, refreshed when someone comes or goes. */
export const ONLINE_USERS_KEY = ['sysOnlineUser'] as const;

/** Reasons the server names in ForceOffline that have their own notice (others get the generic one). */
export const KNOWN_REASONS = [
  'forceOffline',
  'passwordChange',
  'passwordReset',
  'lockout',
  'disabled',
  'deleted',
] as const;

/**
 * The message key of the notice for a ForceOffline reason, or null for a sign-out of this very
 * session (another tab of this browser signed out: no notice, just the sign-in page).
 */
export function offlineNoticeKey(reason: string): string | null {
  if (reason === 'logout') return null;
  return (KNOWN_REASONS as readonly string[]).includes(reason)
    ? `online.kicked.${reason}`
    : 'online.kicked.other';
}
