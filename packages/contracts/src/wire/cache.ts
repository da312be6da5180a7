import { Type, type Static } from 'typebox';

/**
 * Cache management (sysCache): the keys of this deployment's shared cache (process memory or
 * Redis, under the app's key prefix), a value with its time to live, deleting and clearing.
 */

/** A cache key as the app writes it (without the deployment's Redis prefix). */
export const CacheKey = Type.String({ minLength: 1, maxLength: 512 });

export const CacheKeyParams = Type.Object({ key: CacheKey }, { additionalProperties: false });
export const CachePrefixParams = Type.Object({ prefixKey: CacheKey }, { additionalProperties: false });

/** Every key list is capped; `truncated` says when there were more. */
export const CACHE_KEY_LIMIT = 5000;

export const CacheKeyListOutput = Type.Object({
  kind: Type.Union([Type.Literal('memory'), Type.Literal('redis')]),
  keys: Type.Array(Type.String()),
  truncated: Type.Boolean(),
  /**
   * Key prefixes `clear` keeps: sign-ins in progress (captcha, SMS codes, OAuth and QR tickets)
   * and abuse protection (rate limits, SMS send limits). Clearing them would break or reopen those.
   */
  protectedPrefixes: Type.Array(Type.String()),
});
export type CacheKeyList = Static<typeof CacheKeyListOutput>;

export const CacheValueOutput = Type.Object({
  key: Type.String(),
  /** False when the key does not exist (or expired meanwhile). */
  exists: Type.Boolean(),
  /** `json` when the stored text parses as JSON (then `value` holds it), `text` otherwise. */
  format: Type.Union([Type.Literal('json'), Type.Literal('text')]),
  value: Type.Unknown(),
  /** The stored text, as the cache holds it. */
  text: Type.Union([Type.String(), Type.Null()]),
  /** Seconds before the key expires; null when it never does. */
  ttl: Type.Union([Type.Integer(), Type.Null()]),
});
export type CacheValue = Static<typeof CacheValueOutput>;

export const CacheDeleteOutput = Type.Object({ deleted: Type.Integer(), kept: Type.Integer() });
export type CacheDeleteResult = Static<typeof CacheDeleteOutput>;
