import { Status } from '@lintel/contracts';
import type { AppContext } from '../../platform/context.js';
import type { User } from '../../platform/db/schema.js';
import { AppError } from '../../platform/http/errors.js';
import { DirectoryUnavailable } from './ldap-directory.js';
import { SysLdapRepo } from './sys-ldap.repo.js';
import { SysLdapService } from './sys-ldap.service.js';

const repo = new SysLdapRepo();

/**
 * The directory's word on a sign-in password (Admin.NET: an account with a SysUserLdap row signs
 * in by LDAP bind). Undefined when the account is not linked or the tenant's setting is off: the
 * account's own password decides then. A directory that cannot be asked is a 503, never a pass
 * and never a fall-back to the local password (which a linked account does not know).
 */
export async function directoryPasswordValid(
  ctx: AppContext,
  user: User,
  password: string,
): Promise<boolean | undefined> {
  const [link, setting] = await ctx.db.tenant(user.tenantId, (trx) =>
    Promise.all([repo.userLink(trx, user.id), repo.current(trx)]),
  );
  if (!link || !setting || setting.status !== Status.Enable) return undefined;
  try {
    const { valid } = await new SysLdapService(ctx).directory(setting).authenticate(link.account, password);
    return valid;
  } catch (error) {
    if (error instanceof DirectoryUnavailable) throw new AppError(503, 'ldap.signInUnavailable');
    throw error;
  }
}
