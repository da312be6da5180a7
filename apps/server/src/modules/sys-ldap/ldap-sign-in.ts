import type { AppContext } from '../../platform/context.js';
import type { Trx } from '../../platform/db/database.js';
import { AppError } from '../../platform/http/errors.js';
import { DirectoryUnavailable } from './ldap-directory.js';
import { SysLdapRepo, type LdapRecord } from './sys-ldap.repo.js';
import { SysLdapService } from './sys-ldap.service.js';

const repo = new SysLdapRepo();

/** The directory that decides an account's sign-in password: its link and the enabled setting. */
export interface SignInDirectory {
  account: string;
  setting: LdapRecord;
}

/**
 * Looked up inside the sign-in's own account lookup transaction (one query more, not one more
 * transaction on every password sign-in). Undefined when the account is not linked or the tenant's
 * setting is off: the account's own password decides then.
 */
export async function signInDirectory(trx: Trx, userId: string): Promise<SignInDirectory | undefined> {
  const row = await repo.signInDirectory(trx, userId);
  if (!row) return undefined;
  const { linkedAccount, ...setting } = row;
  return { account: linkedAccount, setting };
}

/**
 * The directory's word on a sign-in password (Admin.NET: an account with a SysUserLdap row signs
 * in by LDAP bind). A directory that cannot be asked is a 503, never a pass and never a fall-back
 * to the local password (which a linked account does not know).
 */
export async function directoryPasswordValid(
  ctx: AppContext,
  directory: SignInDirectory,
  password: string,
): Promise<boolean> {
  try {
    const { valid } = await new SysLdapService(ctx)
      .directory(directory.setting)
      .authenticate(directory.account, password);
    return valid;
  } catch (error) {
    if (error instanceof DirectoryUnavailable) throw new AppError(503, 'ldap.signInUnavailable');
    throw error;
  }
}
