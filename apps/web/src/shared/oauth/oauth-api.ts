import type {
  OAuthBindingItem,
  OAuthLoginProvider,
  OAuthProviderInput,
  OAuthProviderOutput,
  PageResult,
} from '@lintel/contracts';
import { request } from '../api/client';
import type { TokenResult } from '../session/types';

/** The API's base URL, as the client uses it (provider links are plain navigations, not fetches). */
const BASE_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

export const oauthKeys = {
  loginProviders: (tenantId: string) => ['oauth', 'loginProviders', tenantId] as const,
  myBindings: ['oauth', 'myBindings'] as const,
  page: (query: ProviderQuery) => ['oauth', 'page', query] as const,
};

export interface ProviderQuery {
  page: number;
  pageSize: number;
  name?: string;
}

/** The address that starts a sign-in at a provider (the server answers with a redirect). */
export const signInHref = (code: string, tenantId: string) =>
  `${BASE_URL}/api/sysOAuth/signIn/${encodeURIComponent(code)}?tenantId=${encodeURIComponent(tenantId)}`;

/** Optional links: a failure shows no toast on the sign-in page, just no links. */
export const fetchLoginProviders = (tenantId: string) =>
  request<OAuthLoginProvider[]>('/api/sysOAuth/loginProviders', { query: { tenantId }, customCatch: true });

/** The sign-in page shows failures itself. */
export const exchangeOAuthCode = (code: string) =>
  request<TokenResult>('/api/sysOAuth/exchange', { method: 'POST', body: { code }, customCatch: true });

export const fetchMyBindings = () => request<OAuthBindingItem[]>('/api/sysOAuth/myBindings');
export const startLink = (provider: string) =>
  request<{ url: string }>('/api/sysOAuth/link', { method: 'POST', body: { provider } });
export const unlink = (provider: string) =>
  request<null>('/api/sysOAuth/unlink', { method: 'POST', body: { provider } });

export const pageProviders = (query: ProviderQuery) =>
  request<PageResult<OAuthProviderOutput>>('/api/sysOAuth/page', { method: 'POST', body: query });
export const addProvider = (body: OAuthProviderInput) =>
  request<string>('/api/sysOAuth/add', { method: 'POST', body });
export const updateProvider = (body: OAuthProviderInput & { id: string }) =>
  request<null>('/api/sysOAuth/update', { method: 'POST', body });
export const deleteProvider = (id: string) =>
  request<null>('/api/sysOAuth/delete', { method: 'POST', body: { id } });
export const setProviderStatus = (id: string, status: number) =>
  request<null>('/api/sysOAuth/setStatus', { method: 'POST', body: { id, status } });
