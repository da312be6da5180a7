import type { Principal } from '../auth/principal.js';
import { formatIso } from '../http/result.js';

/**
 * The audit columns every table shares (`Audit` in db/schema), written one way for every module:
 * who created a row, who changed it last and when.
 */

/** Audit columns of an insert, from the signed-in principal. */
export const created = (principal: Principal) => ({
  createUserId: principal.userId,
  createUserName: principal.realName ?? principal.account,
});

/** Audit columns of an update, from the signed-in principal. */
export const updated = (principal: Principal) => ({
  updateUserId: principal.userId,
  updateUserName: principal.realName ?? principal.account,
  updateTime: new Date(),
});

/** A nullable time column as the wire writes it. */
export const iso = (date: Date | null) => (date ? formatIso(date) : null);
