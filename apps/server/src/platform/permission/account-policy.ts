import {
  accountRefusal,
  accountTypeRefusal,
  type AccountAction,
  type AccountTarget,
} from '@lintel/contracts';
import type { Principal } from '../auth/principal.js';
import { AppError, forbidden } from '../http/errors.js';
import type { AccountReach } from './account-reach.js';
import type { DataScopeSet } from './data-scope.js';

export type { AccountAction, AccountTarget };

/**
 * The account policy of @lintel/contracts (`accountRefusal`), enforced: every route that changes an
 * account calls this with the account it reached through the caller's data scope.
 */
export function assertMayManageAccount(
  principal: Principal,
  target: AccountTarget,
  action: AccountAction,
): void {
  const refusal = accountRefusal(principal, target, action);
  if (refusal) throw new AppError(refusal.status, refusal.key);
}

/** The account type an account may be given or keep: administrator types come from the super admin only. */
export function assertMaySetAccountType(principal: Principal, from: number | undefined, to: number): void {
  const refusal = accountTypeRefusal(principal, from, to);
  if (refusal) throw forbidden(refusal);
}

/**
 * Taking an account over (a password reset, a new phone, e-mail or account name to sign in with)
 * hands the caller everything the account can do. So below the administrators a caller may do it
 * only to an account that reaches no further than itself: none of its buttons missing from the
 * caller's, no API route or field restriction of the caller's that it is free of, and a data scope
 * inside the caller's. (Same-kind accounts differ in reach: a help desk resetting a manager's
 * password would otherwise become the manager.)
 */
export function assertMayTakeOver(
  principal: Principal,
  callerScope: DataScopeSet,
  target: AccountReach,
): void {
  if (principal.isSuperAdmin || principal.isSysAdmin) return;
  const held = new Set(principal.permissions);
  const further =
    [...target.permissions].some((p) => !held.has(p)) ||
    principal.blockedRoutes.some((route) => !target.blockedRoutes.has(route)) ||
    Object.entries(principal.fieldBlacklist).some(([table, columns]) =>
      columns.some((column) => !target.hidden.get(table)?.has(column)),
    ) ||
    (!callerScope.all &&
      (target.scope.all || target.scope.orgIds.some((id) => !callerScope.orgIds.includes(id))));
  if (further) throw forbidden('account.reachesFurther');
}
