import { AccountType } from './enums.js';

/**
 * "Never act on an account of a higher kind": the rule every route that changes an account obeys
 * on the server, and that the web app follows to show only the actions that will be allowed.
 * Account types rank by value (super admin 999, system admin 888, normal 777, member 666, other 555):
 * - the super admin manages every account;
 * - administrators (system admins and the super admin) are managed by the super admin only;
 * - anyone else manages accounts of its own kind or below;
 * - on one's own account, what would end or widen one's own access is refused.
 */
export type AccountAction =
  'update' | 'status' | 'roles' | 'delete' | 'resetPwd' | 'unlock' | 'forceOffline' | 'holder';

export interface AccountActor {
  userId: string;
  accountType: number;
  isSuperAdmin: boolean;
}

export interface AccountTarget {
  id: string;
  accountType: number;
}

/** Why an action is refused: a message key and the HTTP status the server answers with. */
export interface AccountRefusal {
  key: string;
  status: 400 | 403;
}

const OWN_ACCOUNT: Partial<Record<AccountAction, AccountRefusal>> = {
  status: { key: 'user.ownStatus', status: 400 },
  delete: { key: 'user.deleteSelf', status: 400 },
  forceOffline: { key: 'online.forceSelf', status: 400 },
  // Changing one's own password needs the current one: the personal centre asks for it.
  resetPwd: { key: 'account.resetOwnPassword', status: 403 },
  // Roles reach further than any other field: nobody but the super admin re-grants their own,
  // through the account or through the role's holders (leaving a role sheds its restrictions).
  roles: { key: 'account.ownRoles', status: 403 },
  holder: { key: 'account.ownRoles', status: 403 },
};

/** Null when the actor may do `action` to the target, else the refusal. */
export function accountRefusal(
  actor: AccountActor,
  target: AccountTarget,
  action: AccountAction,
): AccountRefusal | null {
  if (target.id === actor.userId) {
    const refusal = OWN_ACCOUNT[action];
    return refusal && !((action === 'roles' || action === 'holder') && actor.isSuperAdmin) ? refusal : null;
  }
  if (actor.isSuperAdmin) return null;
  if (target.accountType === AccountType.SuperAdmin) return { key: 'user.superAdminOnly', status: 403 };
  if (target.accountType >= AccountType.SysAdmin || target.accountType > actor.accountType)
    return { key: 'account.higherKind', status: 403 };
  return null;
}

/** Null when the actor may give an account this type (from its current one), else the refusal key. */
export function accountTypeRefusal(actor: AccountActor, from: number | undefined, to: number): string | null {
  if (actor.isSuperAdmin || from === to) return null;
  if (to >= AccountType.SysAdmin || (from !== undefined && from >= AccountType.SysAdmin))
    return 'user.adminTypeSuperOnly';
  return to > actor.accountType ? 'account.higherKind' : null;
}
