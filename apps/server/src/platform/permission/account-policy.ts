import {
  accountRefusal,
  accountTypeRefusal,
  type AccountAction,
  type AccountTarget,
} from '@lintel/contracts';
import type { Principal } from '../auth/principal.js';
import { AppError, forbidden } from '../http/errors.js';

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
