import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import type { OAuthClientAuthMethod, OAuthErrorKey } from '@lintel/contracts';

/**
 * The client side of the OAuth 2.0 authorization code flow (RFC 6749) with PKCE (RFC 7636, S256),
 * and the OpenID Connect userinfo call. Generic: every provider differs only by its endpoints,
 * its client authentication and the userinfo field that names the user.
 */

/** How long a provider may take to answer one back-channel call. */
export const PROVIDER_TIMEOUT_MS = 10_000;

const base64url = (bytes: Buffer) => bytes.toString('base64url');

/** A fresh random value for one-time codes (192 bits). */
export const randomToken = () => base64url(randomBytes(24));

/** A fresh `state` (192 bits) in hex: WeChat takes only [a-zA-Z0-9] there, OAuth 2.0 takes anything. */
export const randomState = () => randomBytes(24).toString('hex');

/** Compares two tokens in constant time. */
export function sameToken(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** A PKCE verifier (43 characters, RFC 7636 4.1) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = base64url(randomBytes(32));
  return { verifier, challenge: s256(verifier) };
}

export const s256 = (verifier: string) => base64url(createHash('sha256').update(verifier).digest());

export interface ProviderEndpoints {
  authorizeUrl: string;
  tokenUrl: string;
  userinfoUrl: string;
  clientId: string;
  clientSecret: string | null;
  clientAuthMethod: string;
  scope: string;
  subjectClaim: string;
}

/** How the server calls a provider: the outbound policy's fetch (public addresses only). */
export type ProviderFetch = (
  url: string,
  init: {
    method?: string;
    headers: Record<string, string>;
    body?: URLSearchParams;
    redirect: 'error';
    signal: AbortSignal;
  },
) => Promise<{ ok: boolean; status: number; text(): Promise<string> }>;

/**
 * A provider answered with an error or with something that is not OAuth; the text goes to the log.
 * `reason` names what the person is told when the provider said why (else providerError).
 */
export class ProviderError extends Error {
  override name = 'ProviderError';

  constructor(
    message: string,
    readonly reason: OAuthErrorKey = 'providerError',
  ) {
    super(message);
  }
}

/** The provider's authorization address the browser is sent to. Query parameters it already has stay. */
export function authorizeUrl(
  provider: ProviderEndpoints,
  params: { state: string; challenge: string; redirectUri: string },
): string {
  const url = new URL(provider.authorizeUrl);
  url.searchParams.set('response_type', 'code');
  url.searchParams.set('client_id', provider.clientId);
  url.searchParams.set('redirect_uri', params.redirectUri);
  if (provider.scope.trim()) url.searchParams.set('scope', provider.scope.trim());
  url.searchParams.set('state', params.state);
  url.searchParams.set('code_challenge', params.challenge);
  url.searchParams.set('code_challenge_method', 'S256');
  return url.toString();
}

/** RFC 6749 2.3.1: HTTP Basic with the form-encoded id and secret. */
const basicAuth = (id: string, secret: string) =>
  `Basic ${Buffer.from(`${encodeURIComponent(id)}:${encodeURIComponent(secret)}`).toString('base64')}`;

export async function readJsonOrForm(
  response: Awaited<ReturnType<ProviderFetch>>,
): Promise<Record<string, unknown>> {
  const text = await response.text();
  try {
    const parsed: unknown = JSON.parse(text);
    if (parsed && typeof parsed === 'object' && !Array.isArray(parsed))
      return parsed as Record<string, unknown>;
  } catch {
    // Some providers (GitHub without an Accept header) answer form-encoded.
  }
  if (/^[\w.-]+=/.test(text)) return Object.fromEntries(new URLSearchParams(text));
  throw new ProviderError(`HTTP ${response.status}: not JSON (${text.slice(0, 200)})`);
}

/** Exchanges an authorization code for an access token at the token endpoint. */
export async function exchangeCode(
  fetch: ProviderFetch,
  provider: ProviderEndpoints,
  params: { code: string; verifier: string; redirectUri: string },
): Promise<string> {
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: params.code,
    redirect_uri: params.redirectUri,
    code_verifier: params.verifier,
  });
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    accept: 'application/json',
    'user-agent': 'Lintel',
  };
  const method = provider.clientAuthMethod as OAuthClientAuthMethod;
  if (method === 'client_secret_basic' && provider.clientSecret) {
    headers.authorization = basicAuth(provider.clientId, provider.clientSecret);
  } else {
    // client_secret_post, and public clients (no secret) that send their id only.
    form.set('client_id', provider.clientId);
    if (provider.clientSecret) form.set('client_secret', provider.clientSecret);
  }
  const response = await fetch(provider.tokenUrl, {
    method: 'POST',
    headers,
    body: form,
    redirect: 'error',
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  const body = await readJsonOrForm(response);
  if (!response.ok || typeof body.error === 'string') {
    throw new ProviderError(`token endpoint: HTTP ${response.status} ${String(body.error ?? '')}`);
  }
  const token = body.access_token;
  const type = typeof body.token_type === 'string' ? body.token_type.toLowerCase() : 'bearer';
  if (typeof token !== 'string' || !token) throw new ProviderError('token endpoint: no access_token');
  if (type !== 'bearer') throw new ProviderError(`token endpoint: token_type ${type} is not bearer`);
  return token;
}

/** A userinfo field by name, or by a dotted path for nested claims (`data.openid`). */
export function claimOf(claims: Record<string, unknown>, name: string): string | undefined {
  let value: unknown = name in claims ? claims[name] : undefined;
  if (value === undefined && name.includes('.')) {
    value = name.split('.').reduce<unknown>((node, part) => {
      return node && typeof node === 'object' ? (node as Record<string, unknown>)[part] : undefined;
    }, claims);
  }
  if (typeof value === 'string' && value.trim()) return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Reads the userinfo endpoint with the bearer token and returns the subject (the user's stable id). */
export async function fetchSubject(
  fetch: ProviderFetch,
  provider: ProviderEndpoints,
  accessToken: string,
): Promise<string> {
  const response = await fetch(provider.userinfoUrl, {
    headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Lintel' },
    redirect: 'error',
    signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS),
  });
  if (!response.ok) throw new ProviderError(`userinfo endpoint: HTTP ${response.status}`);
  const claims = await readJsonOrForm(response);
  const subject = claimOf(claims, provider.subjectClaim);
  if (!subject) throw new ProviderError(`userinfo has no "${provider.subjectClaim}" claim`);
  if (subject.length > 256) throw new ProviderError('userinfo subject longer than 256 characters');
  return subject;
}

/** True for a well-formed absolute http or https address (no credentials in it). */
export function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return (
      (url.protocol === 'http:' || url.protocol === 'https:') &&
      !!url.hostname &&
      !url.username &&
      !url.password
    );
  } catch {
    return false;
  }
}
