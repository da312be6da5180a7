/**
 * Third-party sign-in (OAuth 2.0 authorization code + PKCE, OpenID Connect userinfo): the wire
 * shapes shared by the sysOAuth API and the web app.
 */

/** How the server authenticates to a provider's token endpoint (RFC 6749 2.3.1). */
export const OAUTH_CLIENT_AUTH_METHODS = ['client_secret_post', 'client_secret_basic'] as const;
export type OAuthClientAuthMethod = (typeof OAUTH_CLIENT_AUTH_METHODS)[number];

/**
 * The protocol a provider speaks. `oauth2`: OAuth 2.0 / OpenID Connect (client id and secret, PKCE,
 * bearer userinfo). WeChat's web sign-in is its own dialect (appid and secret in the query, errors as
 * HTTP 200 with `errcode`): `wechat_open` is the Open Platform website QR login (snsapi_login),
 * `wechat_mp` the Official Account web authorisation inside WeChat (snsapi_userinfo).
 */
export const OAUTH_PROTOCOLS = ['oauth2', 'wechat_open', 'wechat_mp'] as const;
export type OAuthProtocol = (typeof OAUTH_PROTOCOLS)[number];

export const isWechatProtocol = (protocol: string): boolean => protocol.startsWith('wechat_');

/** The scopes each WeChat protocol may ask for, the default first: the website app has only snsapi_login. */
export const WECHAT_SCOPES: Record<Exclude<OAuthProtocol, 'oauth2'>, readonly string[]> = {
  wechat_open: ['snsapi_login'],
  wechat_mp: ['snsapi_userinfo', 'snsapi_base'],
};

/** WeChat's own addresses and scope per protocol: what a provider uses unless its settings say otherwise. */
export const WECHAT_DEFAULTS: Record<
  Exclude<OAuthProtocol, 'oauth2'>,
  { authorizeUrl: string; tokenUrl: string; userinfoUrl: string; scope: string }
> = {
  wechat_open: {
    authorizeUrl: 'https://open.weixin.qq.com/connect/qrconnect',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_login',
  },
  wechat_mp: {
    authorizeUrl: 'https://open.weixin.qq.com/connect/oauth2/authorize',
    tokenUrl: 'https://api.weixin.qq.com/sns/oauth2/access_token',
    userinfoUrl: 'https://api.weixin.qq.com/sns/userinfo',
    scope: 'snsapi_userinfo',
  },
};

/**
 * Why a provider round trip ended without signing in or linking: the callback redirects with
 * `?oauthError=<key>` and the web app shows the matching message.
 */
export const OAUTH_ERRORS = [
  'notLinked',
  'providerError',
  'stateInvalid',
  'providerDisabled',
  'accountDisabled',
  'noLoginPermission',
  'accountLocked',
  'alreadyBound',
  /** The account ranks above whoever configured the provider, which therefore cannot vouch for it. */
  'higherAccount',
  /** The provider refused the authorisation code: expired, already used or not its own. */
  'providerCodeInvalid',
  /** The provider refused this site's client credentials (WeChat: a wrong appid or AppSecret). */
  'providerClientRejected',
] as const;
export type OAuthErrorKey = (typeof OAUTH_ERRORS)[number];

/** Where the provider sends the browser back; register `<site origin>` + this path with the provider. */
export const OAUTH_CALLBACK_PATH = '/api/sysOAuth/callback';
/** Where the callback lands after linking an identity (the personal centre). */
export const OAUTH_BOUND_PATH = '/system/userCenter';

/** A provider as the sign-in page lists it. */
export interface OAuthLoginProvider {
  code: string;
  name: string;
  icon: string | null;
}

/** A provider of the tenant and whether the signed-in account is linked to it. */
export interface OAuthBindingItem extends OAuthLoginProvider {
  bound: boolean;
  /** When the identity was linked (ISO 8601), null when not linked. */
  bindTime: string | null;
}

/** A provider as the administration page reads it: the client secret is never sent back. */
export interface OAuthProviderOutput {
  id: string;
  code: string;
  name: string;
  icon: string | null;
  protocol: OAuthProtocol;
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  /** True when a client secret is stored. */
  clientSecretSet: boolean;
  clientAuthMethod: OAuthClientAuthMethod;
  scope: string;
  subjectClaim: string;
  status: number;
  orderNo: number;
  remark: string | null;
  createTime: string;
  updateTime: string | null;
}

/** Add and update input; on update an absent or empty `clientSecret` keeps the stored one. */
export interface OAuthProviderInput {
  code: string;
  name: string;
  icon?: string;
  /** Absent: oauth2. */
  protocol?: OAuthProtocol;
  /** Required for oauth2; a WeChat protocol leaves them out to use WeChat's own addresses. */
  authorizeUrl?: string;
  tokenUrl?: string;
  userinfoUrl?: string;
  clientId: string;
  clientSecret?: string;
  clientAuthMethod?: OAuthClientAuthMethod;
  scope?: string;
  subjectClaim?: string;
  status?: number;
  orderNo?: number;
  remark?: string;
}
