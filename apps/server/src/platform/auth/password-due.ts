import { PASSWORD_CHANGE_HEADER, type PasswordChangeReason } from '@lintel/contracts';
import { AppError } from '../http/errors.js';
import type { Principal } from './principal.js';
import type { TenantEntry } from './tenant-cache.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /**
     * The route serves a session whose password must be changed first (tenant settings
     * forceChangePassword / passwordExpirationTime): the ones needed to change it and to leave.
     */
    beforePasswordChange?: boolean;
  }
}

const DAY_MS = 86_400_000;

/**
 * Whether the session's tenant requires this account to change its password before anything else,
 * and why. Reads only the cached principal and tenant entry the gate already holds, so it costs no
 * I/O per request; the clock is read each time, so a password that expires during a session is
 * caught on its next call. Both inputs are recomputed when they change: a password change touches
 * the user's stamp, saving the tenant's settings renews its epoch.
 *
 * - forceChangePassword: the account never changed its password itself (`lastChangePasswordTime`
 *   is null: a new account, the production seed, an administrator's reset).
 * - passwordExpirationTime (days, 0 = never): the password is older than that, counted from the
 *   owner's last change or, when it never changed it, from the account's creation.
 */
export function passwordChangeDue(
  principal: Principal,
  tenant: TenantEntry,
  now = Date.now(),
): PasswordChangeReason | null {
  const { forceChangePassword, passwordExpirationDays } = tenant.tenant;
  const changed = principal.profile.lastChangePasswordTime;
  if (forceChangePassword && !changed) return 'firstSignIn';
  // A principal cached before `passwordSince` existed falls back to the change time alone.
  const since = principal.profile.passwordSince ?? changed;
  if (passwordExpirationDays > 0 && since && Date.parse(since) + passwordExpirationDays * DAY_MS <= now)
    return 'expired';
  return null;
}

/**
 * The refusal of every other call until the password is changed: 403 with its own message and the
 * reason in the `password-change` header, which the web client recognises.
 */
export function passwordChangeRefusal(reason: PasswordChangeReason): AppError {
  return new AppError(403, `passwordChange.${reason}`, undefined, { [PASSWORD_CHANGE_HEADER]: reason });
}
