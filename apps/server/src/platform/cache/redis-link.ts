import type { FastifyBaseLogger } from 'fastify';
import type { Redis } from 'ioredis';
import { NONCE_KEY_PREFIX } from './cache.js';

/** Rate-limit counters live under this name inside the deployment prefix (app.ts). */
export const RATE_LIMIT_KEY_PREFIX = 'ratelimit:';

/**
 * Keys the recovery keeps: replay nonces (dropping them would let a request signed before the
 * outage be replayed) and rate-limit counters (limits keep applying). Everything else under the
 * prefix is a cache of the database or a short-lived value (captcha, QR ticket) that is asked again.
 */
const KEPT = [NONCE_KEY_PREFIX, RATE_LIMIT_KEY_PREFIX];
const SCAN_BATCH = 1000;

/** A literal for a SCAN pattern: glob characters matched as themselves. */
const escapeGlob = (text: string) => text.replace(/[*?[\]\\]/g, (c) => `\\${c}`);

/**
 * Keys under the deployment prefix starting with `match`, as the app names them (without the
 * prefix), at most `limit`. SCAN, never KEYS: it walks the keyspace in steps without blocking Redis.
 * ioredis adds its keyPrefix to commands but not to SCAN's pattern or answers, so both are done here.
 */
export async function scanKeys(
  redis: Redis,
  prefix: string,
  match: string,
  limit: number,
): Promise<{ keys: string[]; truncated: boolean }> {
  const pattern = `${escapeGlob(prefix)}${escapeGlob(match)}*`;
  const found = new Set<string>();
  let cursor = '0';
  do {
    const [next, batch] = await redis.scan(cursor, 'MATCH', pattern, 'COUNT', SCAN_BATCH);
    cursor = next;
    for (const key of batch) {
      if (found.size === limit) return { keys: [...found], truncated: true };
      found.add(key.slice(prefix.length));
    }
  } while (cursor !== '0');
  return { keys: [...found], truncated: false };
}

/**
 * The connection to Redis as a circuit. It opens when the connection closes or a command fails
 * (requests then skip Redis at once instead of waiting for retries) and closes again only after a
 * reconnect has dropped every key of the deployment that the outage may have left stale: an
 * invalidation (a user's stamp deleted after a logout, a tenant's epoch after a grant) that could not
 * reach Redis meanwhile must not leave an old principal or setting in force once Redis answers again.
 */
export class RedisLink {
  private up = true;
  private stopped = false;
  /** Bumped by every loss: a recovery started before the latest loss gives up. */
  private attempt = 0;
  private readonly listeners: (() => void)[] = [];

  constructor(
    private readonly redis: Redis,
    private readonly prefix: string,
    private readonly log?: FastifyBaseLogger,
  ) {
    // ioredis reconnects by itself; every new connection starts a recovery.
    redis.on('close', () => this.lost());
    redis.on('ready', () => void this.recover());
  }

  /** Whether requests may use Redis now. */
  get available(): boolean {
    return this.up;
  }

  onRecovered(listener: () => void): void {
    this.listeners.push(listener);
  }

  /**
   * A command failed or timed out: whether it took effect is unknown (a deletion may be lost), so the
   * connection is dropped and the next one recovers like after an outage.
   */
  failed(error: unknown): void {
    this.lost(error);
    if (this.redis.status === 'ready') this.redis.disconnect(true);
  }

  /** The process is shutting down: the connection's end is no outage. */
  stop(): void {
    this.stopped = true;
  }

  private lost(error?: unknown): void {
    this.attempt += 1;
    if (!this.up || this.stopped) return;
    this.up = false;
    this.log?.warn(
      { err: error },
      'Redis unreachable: sessions and permissions are read from the database until it returns',
    );
  }

  private async recover(): Promise<void> {
    const attempt = ++this.attempt;
    try {
      const dropped = await this.dropStale();
      if (attempt !== this.attempt || this.redis.status !== 'ready') return;
      this.up = true;
      this.log?.warn({ dropped }, 'Redis is back: keys the outage may have left stale were dropped');
      for (const listener of this.listeners) listener();
    } catch (error) {
      if (attempt === this.attempt) this.failed(error);
    }
  }

  /** Deletes the deployment's keys but the kept ones (never FLUSHALL: the Redis may be shared). */
  private async dropStale(): Promise<number> {
    const { keys } = await scanKeys(this.redis, this.prefix, '', Number.MAX_SAFE_INTEGER);
    const doomed = keys.filter((key) => !KEPT.some((kept) => key.startsWith(kept)));
    for (let i = 0; i < doomed.length; i += SCAN_BATCH) {
      await this.redis.unlink(...doomed.slice(i, i + SCAN_BATCH));
    }
    return doomed.length;
  }
}
