import type {
  MessageContent,
  PageResult,
  SendOtherUserInput,
  SendUserInput,
  SendUsersInput,
  UserRow,
} from '@lintel/contracts';
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

/**
 * Accounts to address, by account name or real name (sysUser/page, as the notice recipients do):
 * the two are separate filters, so both are asked and the answers merged.
 */
export const searchAccounts = async (text: string) => {
  const page = (filter: Record<string, string>) =>
    request<PageResult<UserRow>>('/api/sysUser/page', {
      method: 'POST',
      body: { page: 1, pageSize: 20, ...filter },
    });
  const [byAccount, byName] = await Promise.all([page({ account: text }), page({ realName: text })]);
  return [...new Map([...byAccount.items, ...byName.items].map((u) => [u.id, u])).values()];
};
