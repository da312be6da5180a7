import type { OAuthErrorKey } from '@lintel/contracts';
import {
  isHttpUrl,
  PROVIDER_TIMEOUT_MS,
  ProviderError,
  type ProviderEndpoints,
  type ProviderFetch,
} from './oauth-protocol.js';
import type { ExternalIdentity, ProtocolAdapter } from './provider-protocols.js';

/**
 * WeChat web sign-in, which is not OAuth 2.0 as RFC 6749 writes it: the authorization address takes
 * `appid` (not client_id) and ends with `#wechat_redirect`; the code is exchanged by a GET with the
 * appid and AppSecret in the query (no PKCE); userinfo takes the token and the openid in the query;
 * and every refusal comes as HTTP 200 with `errcode`/`errmsg`. Serves both the Open Platform website
 * QR login (qrconnect, snsapi_login) and the Official Account web authorisation (oauth2/authorize,
 * snsapi_userinfo or snsapi_base): they differ by address and scope only, both from the settings.
 */

/** errcodes that mean the code itself was refused: invalid, already used, expired. */
const CODE_REFUSED = new Set([40029, 40163, 42003]);
/**
 * errcodes that mean this site's settings were refused: invalid appid or AppSecret, either missing,
 * the server's address not on the app's IP allow list, the scope not granted to the app.
 */
const CLIENT_REFUSED = new Set([40013, 40125, 41002, 41004, 40164, 48001]);

const reasonOf = (errcode: number): OAuthErrorKey =>
  CODE_REFUSED.has(errcode)
    ? 'providerCodeInvalid'
    : CLIENT_REFUSED.has(errcode)
      ? 'providerClientRejected'
      : 'providerError';

/** The JSON object of a WeChat answer; an `errcode` other than 0 is a refusal, whatever the HTTP status. */
async function wechatJson(
  response: Awaited<ReturnType<ProviderFetch>>,
  step: string,
): Promise<Record<string, unknown>> {
  const text = await response.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ProviderError(`${step}: HTTP ${response.status}: not JSON (${text.slice(0, 200)})`);
  }
  if (!body || typeof body !== 'object' || Array.isArray(body))
    throw new ProviderError(`${step}: HTTP ${response.status}: not a JSON object`);
  const fields = body as Record<string, unknown>;
  const errcode = Number(fields.errcode ?? 0);
  if (errcode !== 0) {
    const message = typeof fields.errmsg === 'string' ? fields.errmsg.slice(0, 200) : '';
    throw new ProviderError(`${step}: errcode ${errcode} ${message}`, reasonOf(errcode));
  }
  if (!response.ok) throw new ProviderError(`${step}: HTTP ${response.status}`);
  return fields;
}

const text = (value: unknown): string | undefined =>
  typeof value === 'string' && value.trim() ? value.trim() : undefined;

async function get(fetch: ProviderFetch, address: string, query: Record<string, string>, step: string) {
  const url = new URL(address);
  for (const [name, value] of Object.entries(query)) url.searchParams.set(name, value);
  const response = await fetch(url.toString(), {
    method: 'GET',
    headers: { accept: 'application/json', 'user-agent': 'Lintel' },
    redirect: 'error',
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  return wechatJson(response, step);
}

/** The address WeChat shows its QR code (or, inside WeChat, its consent page) at. */
function authorizeUrl(provider: ProviderEndpoints, params: { state: string; redirectUri: string }): string {
  const url = new URL(provider.authorizeUrl);
  // The Official Account page wants its parameters in this order; set() appends them in it.
  url.searchParams.set('appid', provider.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('scope', provider.scope.trim() || 'snsapi_login');
  url.searchParams.set('state', params.state);
  url.hash = 'wechat_redirect';
  return url.toString();
}

/**
 * Code for token (openid, maybe unionid), then userinfo for the unionid, nickname and picture. The
 * identity is the unionid when WeChat gives one (the same person across the apps of one Open Platform
 * account: the QR login and the Official Account bind alike), else the openid (one app only).
 * snsapi_base grants no userinfo: the token's fields are all there is.
 */
async function identify(
  fetch: ProviderFetch,
  provider: ProviderEndpoints,
  params: { code: string },
): Promise<ExternalIdentity> {
  if (!provider.clientSecret)
    throw new ProviderError('WeChat: no AppSecret is configured', 'providerClientRejected');
  const token = await get(
    fetch,
    provider.tokenUrl,
    {
      appid: provider.clientId,
      secret: provider.clientSecret,
      code: params.code,
      grant_type: 'authorization_code',
    },
    'access_token',
  );
  const accessToken = text(token.access_token);
  const openid = text(token.openid);
  if (!accessToken || !openid) throw new ProviderError('access_token: no access_token or openid');

  let profile: Record<string, unknown> = {};
  if (!provider.scope.split(/[\s,]+/).includes('snsapi_base')) {
    profile = await get(
      fetch,
      provider.userinfoUrl,
      { access_token: accessToken, openid, lang: 'zh_CN' },
      'userinfo',
    );
    if (text(profile.openid) !== openid) throw new ProviderError('userinfo: openid differs from the token’s');
  }
  const subject = text(profile.unionid) ?? text(token.unionid) ?? openid;
  if (subject.length > 256) throw new ProviderError('WeChat identity longer than 256 characters');
  const avatar = text(profile.headimgurl);
  return {
    subject,
    name: text(profile.nickname)?.slice(0, 64),
    avatar: avatar && avatar.length <= 512 && isHttpUrl(avatar) ? avatar : undefined,
  };
}

export const wechatProtocol: ProtocolAdapter = { authorizeUrl, identify };
