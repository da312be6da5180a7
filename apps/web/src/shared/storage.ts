import { PRODUCT_LABEL } from '@lintel/contracts';

/** Every key this app writes carries the product label, so two apps on one origin never collide. */
export const STORAGE_PREFIX = `${PRODUCT_LABEL}:`;

/** Keys that survive signing out: the tenant a user signs in to, and the language they read. */
export const TENANT_ID_KEY = 'tenantId';
export const LOCALE_KEY = 'locale';
const KEPT_ON_CLEAR = [TENANT_ID_KEY, LOCALE_KEY];
/** Per-user preferences, keyed by user id and free of secrets, outlive a sign-out (column layouts). */
const KEPT_PREFIXES_ON_CLEAR = ['columns:'];

/** Cookies removed when the session ends (SPEC 3 "Client storage"). */
const SESSION_COOKIES = ['access-token', 'x-access-token', 'userInfo', 'constList'];

function webStorage(store: () => Storage) {
  return {
    get<T>(key: string): T | null {
      const raw = store().getItem(STORAGE_PREFIX + key);
      if (raw === null) return null;
      try {
        return JSON.parse(raw) as T;
      } catch {
        return null;
      }
    },
    set(key: string, value: unknown): void {
      store().setItem(STORAGE_PREFIX + key, JSON.stringify(value));
    },
    remove(key: string): void {
      store().removeItem(STORAGE_PREFIX + key);
    },
    /** Removes this app's keys only, except those named in `keep`. */
    clear(keep: readonly string[] = [], keepPrefixes: readonly string[] = []): void {
      const s = store();
      const kept = new Set(keep.map((k) => STORAGE_PREFIX + k));
      const keptPrefixes = keepPrefixes.map((p) => STORAGE_PREFIX + p);
      const ours = Array.from({ length: s.length }, (_, i) => s.key(i)).filter(
        (k): k is string =>
          !!k && k.startsWith(STORAGE_PREFIX) && !kept.has(k) && !keptPrefixes.some((p) => k.startsWith(p)),
      );
      for (const k of ours) s.removeItem(k);
    },
  };
}

export const local = webStorage(() => window.localStorage);
export const session = webStorage(() => window.sessionStorage);

export const cookies = {
  get(key: string): string | null {
    const name = encodeURIComponent(STORAGE_PREFIX + key) + '=';
    const hit = document.cookie.split('; ').find((c) => c.startsWith(name));
    // An emptied cookie counts as absent (some engines keep the name until the expiry is processed).
    return hit && hit.length > name.length ? decodeURIComponent(hit.slice(name.length)) : null;
  },
  set(key: string, value: string): void {
    // Session cookie (no expiry): the access token lives until the browser closes or sign-out.
    document.cookie = `${encodeURIComponent(STORAGE_PREFIX + key)}=${encodeURIComponent(value)}; path=/; SameSite=Lax`;
  },
  remove(key: string): void {
    document.cookie = `${encodeURIComponent(STORAGE_PREFIX + key)}=; path=/; max-age=0; expires=Thu, 01 Jan 1970 00:00:00 GMT; SameSite=Lax`;
  },
};

/** Ends the client side of a session: tokens, cached user data and session values; keeps the tenant id. */
export function clearSessionStorage(): void {
  for (const c of SESSION_COOKIES) cookies.remove(c);
  local.clear(KEPT_ON_CLEAR, KEPT_PREFIXES_ON_CLEAR);
  session.clear();
}
