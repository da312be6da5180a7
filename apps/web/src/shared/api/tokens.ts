import { ACCESS_TOKEN_HEADER, REFRESH_TOKEN_HEADER } from '@lintel/contracts';
import { cookies } from '../storage';

/** The access token is kept in a cookie (SPEC 3); the refresh token beside it, both prefixed. */
export const readAccessToken = (): string | null => cookies.get(ACCESS_TOKEN_HEADER);
export const readRefreshToken = (): string | null => cookies.get(REFRESH_TOKEN_HEADER);

export function saveTokens(accessToken: string, refreshToken?: string | null): void {
  cookies.set(ACCESS_TOKEN_HEADER, accessToken);
  if (refreshToken) cookies.set(REFRESH_TOKEN_HEADER, refreshToken);
}

/** Seconds since the epoch at which a JWT expires, or null when it carries no readable `exp`. */
export function tokenExpiry(jwt: string): number | null {
  const payload = jwt.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    const exp = (JSON.parse(json) as { exp?: unknown }).exp;
    return typeof exp === 'number' ? exp : null;
  } catch {
    return null;
  }
}

/**
 * Whether the access token has expired by the client clock. Decided client-side so that the refresh
 * token rides along on the very request that needs it, instead of a failed call and a retry.
 */
export function isExpired(jwt: string, nowMs = Date.now()): boolean {
  const exp = tokenExpiry(jwt);
  return exp !== null && exp * 1000 <= nowMs;
}
