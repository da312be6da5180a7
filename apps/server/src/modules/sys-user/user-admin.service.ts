import { AccountType, passwordPolicyIssues, Status } from '@lintel/contracts';
import { applied } from '../../platform/audit/diff.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import type { User } from '../../platform/db/schema.js';
import { PG_UNIQUE_VIOLATION, sqlState } from '../../platform/db/sql-helpers.js';
import { badRequest, conflict, notFound } from '../../platform/http/errors.js';
import { formatIso } from '../../platform/http/result.js';
import {
  assertMayManageAccount,
  assertMayTakeOver,
  type AccountAction,
} from '../../platform/permission/account-policy.js';
import { accountReach } from '../../platform/permission/account-reach.js';
import { resolveDataScope, scopeKey, type DataScopeSet } from '../../platform/permission/data-scope.js';
import { countCacheOf, type CountCache } from '../../platform/cache/count-cache.js';
import { SysAuthService } from '../sys-auth/sys-auth.service.js';
import { created, iso, updated } from '../../platform/audit/stamps.js';
import { SysUserService } from './sys-user.service.js';
import { UserAdminRepo } from './user-admin.repo.js';
import { UserInputChecks } from './user-input-checks.js';
import type { AddUserInput, UpdateUserInput, UserFilter } from './user-admin.schema.js';

/**
 * Account administration (SPEC 6): every account is reached through the caller's data scope; every
 * change passes the account policy (nobody acts on an account of a higher kind, nobody widens or ends
 * their own access) and every grant the grant policy (only the super admin makes administrators,
 * roles are handed on by those who hold them, organisations lie inside the caller's scope).
 */
export class UserAdminService {
  private readonly repo = new UserAdminRepo();
  private readonly checks = new UserInputChecks(this.repo);
  private readonly counts: CountCache;
  private readonly auth: SysAuthService;
  private readonly profile: SysUserService;

  constructor(private readonly ctx: AppContext) {
    this.auth = new SysAuthService(ctx);
    this.profile = new SysUserService(ctx);
    this.counts = countCacheOf(ctx.cache);
  }

  page(principal: Principal, filter: UserFilter) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const scope = await resolveDataScope(trx, principal);
      const { page: _p, pageSize: _s, field: _f, order: _o, descStr: _d, afterId: _a, ...query } = filter;
      const page = await this.repo.page(trx, scope, filter, (exact) =>
        this.counts.total(
          principal.tenantId,
          'sysUser',
          `${scopeKey(scope)}|${JSON.stringify(query)}`,
          exact,
        ),
      );
      return {
        ...page,
        items: page.items.map((row) => ({
          ...row,
          locked: !!row.locked,
          lastLoginTime: iso(row.lastLoginTime),
          createTime: formatIso(row.createTime),
        })),
      };
    });
  }

  async detail(principal: Principal, id: string) {
    const { user, roleIdList, extOrgIdList, locked } = await this.ctx.db.tenant(
      principal.tenantId,
      async (trx) => {
        const user = await this.target(trx, principal, id);
        return {
          user,
          roleIdList: await this.repo.roleIds(trx, id),
          extOrgIdList: await this.repo.extOrgs(trx, id),
          locked: await this.repo.isLocked(trx, user.id),
        };
      },
    );
    const base = await this.profile.baseInfoOf(principal.tenantId, id);
    return { ...base, orderNo: user.orderNo, remark: user.remark, locked, roleIdList, extOrgIdList };
  }

  async add(principal: Principal, input: AddUserInput): Promise<string> {
    const id = newId();
    const password = await this.newPasswordHash(principal, input.password);
    await this.write(async () =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        const scope = await resolveDataScope(trx, principal);
        const values = await this.checks.values(trx, principal, scope, input);
        await this.checks.unique(trx, values);
        const roleIds = await this.checks.roles(trx, principal, undefined, input.roleIdList ?? []);
        const row = {
          ...values,
          id,
          tenantId: principal.tenantId,
          password: password.hash,
          status: input.status ?? Status.Enable,
          ...created(principal),
        };
        await this.repo.insert(trx, row);
        await this.repo.setRoles(trx, principal.tenantId, id, roleIds);
        await this.repo.setExtOrgs(trx, principal.tenantId, id, input.extOrgIdList ?? [], newId);
        await this.counts.changed(principal.tenantId, 'sysUser');
        const { password: _secret, ...audited } = row;
        this.ctx.audit.diff({
          principal,
          table: 'sysUser',
          rowId: id,
          operation: 'insert',
          after: { ...audited, roleIdList: roleIds },
        });
      }),
    );
    return id;
  }

  async update(principal: Principal, input: UpdateUserInput): Promise<void> {
    await this.write(async () =>
      this.ctx.db.tenant(principal.tenantId, async (trx) => {
        const current = await this.managed(trx, principal, input.id, 'update');
        const scope = await resolveDataScope(trx, principal);
        if (input.status !== undefined && input.status !== current.status)
          assertMayManageAccount(principal, current, 'status');
        const values = await this.checks.values(trx, principal, scope, input, current);
        await this.checks.unique(trx, values, input.id);
        // A new name, phone or e-mail to sign in with is a way into the account.
        const sameText = (a: unknown, b: unknown) =>
          String(a ?? '').toLowerCase() === String(b ?? '').toLowerCase();
        const signInChanges = (['account', 'phone', 'email'] as const).some(
          (key) => Object.hasOwn(values, key) && !sameText(values[key as keyof typeof values], current[key]),
        );
        if (signInChanges) await this.assertMayTakeOver(trx, principal, scope, current);
        const beforeRoles = await this.repo.roleIds(trx, input.id);
        const afterRoles = input.roleIdList
          ? await this.checks.roles(trx, principal, current, input.roleIdList, beforeRoles)
          : beforeRoles;
        const patch = {
          ...values,
          ...(input.status !== undefined ? { status: input.status } : {}),
          ...updated(principal),
        };
        await this.repo.update(trx, input.id, patch);
        await this.counts.changed(principal.tenantId, 'sysUser');
        if (afterRoles !== beforeRoles)
          await this.repo.setRoles(trx, principal.tenantId, input.id, afterRoles);
        if (input.extOrgIdList)
          await this.repo.setExtOrgs(trx, principal.tenantId, input.id, input.extOrgIdList, newId);
        const { password: _secret, ...before } = current;
        this.ctx.audit.diff({
          principal,
          table: 'sysUser',
          rowId: input.id,
          operation: 'update',
          before: { ...before, roleIdList: beforeRoles },
          // Fields the request leaves out (undefined) keep their stored value.
          after: { ...applied(before, patch), roleIdList: afterRoles },
        });
        if (input.status === Status.Disable && current.status !== Status.Disable)
          return () => this.ctx.sessions.revokeUser(principal.tenantId, input.id, 'disabled');
        return undefined;
      }),
    ).then((after) => after?.());
    // Organisation, position, roles and names are part of the account's cached principal.
    await this.ctx.sessions.touchUser(input.id);
  }

  async delete(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, id, 'delete');
      if (current.accountType === AccountType.SuperAdmin) throw badRequest('user.deleteSuperAdmin');
      if ((await this.repo.tenantAdminId(trx, principal.tenantId)) === id)
        throw badRequest('user.deleteTenantAdmin');
      await this.repo.delete(trx, id);
      await this.counts.changed(principal.tenantId, 'sysUser');
      const { password: _secret, ...before } = current;
      this.ctx.audit.diff({ principal, table: 'sysUser', rowId: id, operation: 'delete', before });
    });
    await this.ctx.sessions.revokeUser(principal.tenantId, id, 'deleted');
  }

  /** Enable or disable; a disabled account's sessions end at once. */
  async setStatus(principal: Principal, id: string, status: number): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, id, 'status');
      const patch = { status, ...updated(principal) };
      await this.repo.update(trx, id, patch);
      await this.counts.changed(principal.tenantId, 'sysUser');
      this.ctx.audit.diff({
        principal,
        table: 'sysUser',
        rowId: id,
        operation: 'update',
        before: { status: current.status },
        after: { status },
      });
    });
    if (status === Status.Disable) await this.ctx.sessions.revokeUser(principal.tenantId, id, 'disabled');
    else await this.ctx.sessions.touchUser(id);
  }

  async grantRole(principal: Principal, userId: string, roleIdList: string[]): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, userId, 'roles');
      const before = await this.repo.roleIds(trx, userId);
      const after = await this.checks.roles(trx, principal, current, roleIdList, before);
      await this.repo.setRoles(trx, principal.tenantId, userId, after);
      this.ctx.audit.diff({
        principal,
        table: 'sysUserRole',
        rowId: userId,
        operation: 'update',
        before: { roleIdList: before },
        after: { roleIdList: after },
      });
    });
    await this.ctx.sessions.touchUser(userId);
  }

  ownRoleList(principal: Principal, userId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.target(trx, principal, userId);
      return this.repo.roleIds(trx, userId);
    });
  }

  ownExtOrgList(principal: Principal, userId: string) {
    return this.ctx.db.tenant(principal.tenantId, async (trx) => {
      await this.target(trx, principal, userId);
      return this.repo.extOrgs(trx, userId);
    });
  }

  /**
   * Sets a new password (the given one, or the tenant default when empty), lifts the lockout and
   * ends every session of the account. Answers the new password so the admin can hand it over.
   */
  async resetPwd(principal: Principal, id: string, encrypted: string | undefined): Promise<string> {
    const password = await this.newPasswordHash(principal, encrypted);
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, id, 'resetPwd');
      await this.assertMayTakeOver(trx, principal, await resolveDataScope(trx, principal), current);
      // The administrator knows this password: no change time of the owner's, so a tenant that
      // forces a password change asks the owner for one at the next sign-in (as for a new account).
      await this.repo.update(trx, id, {
        password: password.hash,
        lastChangePasswordTime: null,
        ...updated(principal),
      });
      // The operation log records who reset it; the password never enters the difference log.
      await this.repo.unlock(trx, current.id);
    });
    await this.ctx.sessions.revokeUser(principal.tenantId, id, 'passwordReset');
    return password.plain;
  }

  async unlockLogin(principal: Principal, id: string): Promise<void> {
    await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const current = await this.managed(trx, principal, id, 'unlock');
      await this.repo.unlock(trx, current.id);
    });
  }

  /** The account if it exists in the tenant and the caller's scope shows it; else 404. */
  private async target(trx: Trx, principal: Principal, id: string): Promise<User> {
    const scope = await resolveDataScope(trx, principal);
    const user = await this.repo.visible(trx, scope, id);
    if (!user) throw notFound();
    return user;
  }

  /** An account the caller changes: in its scope (else 404) and allowed by the account policy. */
  private async managed(trx: Trx, principal: Principal, id: string, action: AccountAction): Promise<User> {
    const user = await this.target(trx, principal, id);
    assertMayManageAccount(principal, user, action);
    return user;
  }

  /** A takeover (new password or sign-in name) only of an account that reaches no further than the caller. */
  private async assertMayTakeOver(trx: Trx, principal: Principal, scope: DataScopeSet, account: User) {
    if (account.id === principal.userId) return;
    assertMayTakeOver(principal, scope, await accountReach(trx, account));
  }

  /** Two saves of the same account name or phone at once: the unique indexes decide. */
  private async write<T>(run: () => Promise<T>): Promise<T> {
    try {
      return await run();
    } catch (error) {
      if (sqlState(error) === PG_UNIQUE_VIOLATION) throw conflict('user.accountTaken');
      throw error;
    }
  }

  private async newPasswordHash(principal: Principal, encrypted: string | undefined) {
    let plain: string;
    if (encrypted) {
      plain = this.auth.decryptPassword(encrypted);
      if (passwordPolicyIssues(plain).length) throw badRequest('personal.passwordPolicy');
    } else {
      const configured = await this.ctx.db.tenant(principal.tenantId, (trx) =>
        this.repo.configValue(trx, 'sys_password'),
      );
      if (!configured) throw badRequest('user.noDefaultPassword');
      plain = configured;
    }
    return { plain, hash: await hashPassword(plain) };
  }
}
