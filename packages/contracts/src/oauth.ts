/**
 * Third-party sign-in (OAuth 2.0 authorization code + PKCE, OpenID Connect userinfo): the wire
 * shapes shared by the sysOAuth API and the web app.
 */

/** How the server authenticates to a provider's token endpoint (RFC 6749 2.3.1). */
export const OAUTH_CLIENT_AUTH_METHODS = ['client_secret_post', 'client_secret_basic'] as const;
export type OAuthClientAuthMethod = (typeof OAUTH_CLIENT_AUTH_METHODS)[number];

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
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret?: string;
  clientAuthMethod?: OAuthClientAuthMethod;
  scope?: string;
  subjectClaim?: string;
  status?: number;
  orderNo?: number;
  remark?: string;
}
