import type { OutboundPolicy } from '../net/outbound.js';

/**
 * The fetch the adapters call providers with: the outbound policy's, so a provider's base URL is held
 * to the same SSRF rules as every other call the server makes (private and loopback addresses only
 * when ALLOW_PRIVATE_HOSTS names them, checked again at connection time against DNS rebinding).
 */
export type ProviderFetch = typeof globalThis.fetch;

export function policyFetch(policy: Pick<OutboundPolicy, 'fetch'>): ProviderFetch {
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // undici's and the global fetch's types differ only nominally: same classes at run time.
    return (await policy.fetch(url, init as never)) as unknown as Response;
  }) as ProviderFetch;
}
