import { AccountType } from '@lintel/contracts';
import type { Principal } from '../../platform/auth/principal.js';
import type { Trx } from '../../platform/db/database.js';
import type { User } from '../../platform/db/schema.js';
import { badRequest, conflict, forbidden } from '../../platform/http/errors.js';
import {
  assertMayManageAccount,
  assertMaySetAccountType,
  type AccountTarget,
} from '../../platform/permission/account-policy.js';
import { assertMayHandOnRoles, mayHandOnRole } from '../../platform/permission/grant-policy.js';
import type { DataScopeSet } from '../../platform/permission/data-scope.js';
import { ageFromBirthday } from './sys-user.service.js';
import type { UserAdminRepo } from './user-admin.repo.js';
import type { AddUserInput, ExtOrgInput, UpdateUserInput } from './user-admin.schema.js';

const inScope = (scope: DataScopeSet, orgId: string) => scope.all || scope.orgIds.includes(orgId);

/** Empty text means "none": stored as null, so the unique phone index ignores it. */
function blanksToNull<T extends Record<string, unknown>>(values: T): T {
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string' && value.trim() === '') out[key] = null;
  }
  return out as T;
}

/**
 * The checks an account's add or update form passes before anything is written: column values
 * against the caller's rights (account type, organisations and positions in scope), roles under the
 * grant policy, and names, e-mail addresses and phones unique in the tenant.
 */
export class UserInputChecks {
  constructor(private readonly repo: UserAdminRepo) {}

  /** Column values of an add or update, checked against the caller's rights. */
  async values(
    trx: Trx,
    principal: Principal,
    scope: DataScopeSet,
    input: AddUserInput | UpdateUserInput,
    current?: User,
  ) {
    const {
      password: _p,
      roleIdList: _r,
      extOrgIdList,
      status: _s,
      id: _id,
      ...fields
    } = input as AddUserInput & { id?: string };
    const accountType = fields.accountType ?? current?.accountType ?? AccountType.NormalUser;
    assertMaySetAccountType(principal, current?.accountType, accountType);
    await this.orgs(trx, scope, fields.orgId, fields.posId ?? null, extOrgIdList ?? []);
    const values = blanksToNull({ ...fields, accountType });
    const birthday = values.birthday ?? null;
    return {
      ...values,
      account: fields.account.trim(),
      realName: fields.realName.trim(),
      age: birthday ? ageFromBirthday(birthday) : null,
    };
  }

  private async orgs(
    trx: Trx,
    scope: DataScopeSet,
    orgId: string,
    posId: string | null,
    extOrgs: ExtOrgInput[],
  ): Promise<void> {
    const orgIds = [orgId, ...extOrgs.map((e) => e.orgId)];
    if ((await this.repo.countExisting(trx, 'sysOrg', orgIds)) !== new Set(orgIds).size)
      throw badRequest('user.unknownOrg');
    if (!orgIds.every((id) => inScope(scope, id))) throw forbidden('org.outOfScope');
    const posIds = [posId, ...extOrgs.map((e) => e.posId ?? null)].filter((id): id is string => !!id);
    if ((await this.repo.countExisting(trx, 'sysPos', posIds)) !== new Set(posIds).size)
      throw badRequest('user.unknownPos');
  }

  /**
   * Roles the caller may set: tenant roles only, handed on by the grant policy (below the admins,
   * roles the caller holds); roles the caller does not hold that the account already has stay.
   * Changing one's own roles is refused by the account policy.
   */
  async roles(
    trx: Trx,
    principal: Principal,
    /** The account whose roles change; undefined while it is being added. */
    account: AccountTarget | undefined,
    wanted: string[],
    before: string[] = [],
  ): Promise<string[]> {
    const unique = [...new Set(wanted)];
    if ((await this.repo.existingRoles(trx, unique)).length !== unique.length)
      throw badRequest('user.unknownRole');
    const added = unique.filter((id) => !before.includes(id));
    const removed = before.filter((id) => !unique.includes(id));
    if (added.length === 0 && removed.length === 0) return before;
    if (account) assertMayManageAccount(principal, account, 'roles');
    assertMayHandOnRoles(principal, added);
    return [...new Set([...unique, ...removed.filter((id) => !mayHandOnRole(principal, id))])].sort();
  }

  /**
   * Account names, e-mail addresses and phones each name one account of the tenant: an account may
   * not be called what another signs in with by e-mail (nor the reverse), or that sign-in would
   * reach the wrong account or none.
   */
  async unique(
    trx: Trx,
    values: { account: string; phone?: string | null; email?: string | null },
    exceptId?: string,
  ) {
    const { account, phone, email } = values;
    if (await this.repo.signInNameTaken(trx, account, exceptId)) throw conflict('user.accountTaken');
    if (email && (await this.repo.signInNameTaken(trx, email, exceptId))) throw conflict('user.emailTaken');
    if (phone && (await this.repo.taken(trx, 'phone', phone, exceptId))) throw conflict('user.phoneTaken');
  }
}
