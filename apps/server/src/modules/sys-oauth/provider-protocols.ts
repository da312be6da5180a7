import { isWechatProtocol } from '@lintel/contracts';
import {
  authorizeUrl,
  exchangeCode,
  fetchSubject,
  type ProviderEndpoints,
  type ProviderFetch,
} from './oauth-protocol.js';
import { wechatProtocol } from './wechat-protocol.js';

/** Who the provider says signed in: the binding key, and what it told about them (for the lists). */
export interface ExternalIdentity {
  subject: string;
  name?: string;
  avatar?: string;
}

/**
 * The two legs of a provider round trip that differ between protocols: where the browser is sent,
 * and how the code it comes back with becomes an identity. State, the browser cookie, binding and
 * sign-in are the same for every protocol (OAuthFlow).
 */
export interface ProtocolAdapter {
  authorizeUrl(
    provider: ProviderEndpoints,
    params: { state: string; challenge: string; redirectUri: string },
  ): string;
  identify(
    fetch: ProviderFetch,
    provider: ProviderEndpoints,
    params: { code: string; verifier: string; redirectUri: string },
  ): Promise<ExternalIdentity>;
}

/** OAuth 2.0 with PKCE and the OpenID Connect userinfo call. */
const oauth2Protocol: ProtocolAdapter = {
  authorizeUrl,
  async identify(fetch, provider, params) {
    const token = await exchangeCode(fetch, provider, params);
    return { subject: await fetchSubject(fetch, provider, token) };
  },
};

/** The adapter for a provider's `protocol` setting. */
export const protocolOf = (protocol: string): ProtocolAdapter =>
  isWechatProtocol(protocol) ? wechatProtocol : oauth2Protocol;
