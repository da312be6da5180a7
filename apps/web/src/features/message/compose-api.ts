import type { MessageContent, SendOtherUserInput, SendUserInput, SendUsersInput } from '@lintel/contracts';
import { request } from '../../shared/api/client';

/** How many accounts a send reached and how many had a page open (SendResultOutput). */
export interface SendResult {
  id: string;
  recipientCount: number;
  onlineCount: number;
}

/** The four ways to address a message, each its own Admin.NET route (and permission). */
export type ComposeMode = 'user' | 'users' | 'all' | 'other';
export const COMPOSE_ROUTES = {
  user: 'sendUser',
  users: 'sendUsers',
  all: 'sendAllUser',
  other: 'sendOtherUser',
} as const satisfies Record<ComposeMode, string>;

type Bodies = {
  user: SendUserInput;
  users: SendUsersInput;
  all: MessageContent;
  other: SendOtherUserInput;
};

export const sendMessage = <M extends ComposeMode>(mode: M, body: Bodies[M]) =>
  request<SendResult>(`/api/sysMessage/${COMPOSE_ROUTES[mode]}`, { method: 'POST', body });
