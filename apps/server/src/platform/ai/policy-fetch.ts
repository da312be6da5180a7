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
    const call = async () => (await policy.fetch(url, init as never)) as unknown as Response;
    try {
      return await call();
    } catch (error) {
      if (init?.signal?.aborted || !isStaleConnection(error)) throw error;
      // A kept-alive connection the provider closed as we reused it (its idle timeout raced our
      // request): the request got no answer at all. Once more, on a fresh connection; the clients'
      // own retries stay off, so a refusal (429, 5xx) is never repeated.
      return call();
    }
  }) as ProviderFetch;
}

const STALE_CODES = new Set(['ECONNRESET', 'EPIPE', 'UND_ERR_SOCKET']);

/** A connection reset before any response (undici wraps it as `fetch failed`, the cause says why). */
function isStaleConnection(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e && depth < 4; e = (e as { cause?: unknown }).cause, depth++) {
    const code = (e as { code?: unknown }).code;
    if (typeof code === 'string' && STALE_CODES.has(code)) return true;
  }
  return false;
}
