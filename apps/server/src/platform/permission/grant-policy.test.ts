import { AccountType, DataScope, MenuType } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.js';
import { ownRowsOnly } from './data-scope.js';
import { assertMayManageAccount, assertMaySetAccountType } from './account-policy.js';
import {
  assertMayChangeRouteBlacklist,
  assertMayGrantDataScope,
  assertMayGrantMenus,
  assertMayHandOnRoles,
  assertMayLiftFieldBlacklist,
  isCoreRoute,
  routeToPermission,
} from './grant-policy.js';

const principal = (fields: Partial<Principal> = {}) =>
  ({
    userId: '10',
    isSuperAdmin: false,
    isSysAdmin: false,
    accountType: AccountType.NormalUser,
    orgId: '500',
    roleIds: ['r1'],
    menuIds: ['m1'],
    permissions: ['sysUser:page'],
    blockedRoutes: ['/api/sysUser/delete'],
    fieldBlacklist: { sysUser: ['phone'] },
    ...fields,
  }) as Principal;
const superAdmin = principal({ isSuperAdmin: true, accountType: AccountType.SuperAdmin });
const sysAdmin = principal({ isSysAdmin: true, accountType: AccountType.SysAdmin });

describe('grant policy: nobody grants what they do not hold', () => {
  it('maps routes to permission codes and knows the core modules', () => {
    expect(routeToPermission('/api/sysMenu/add')).toBe('sysMenu:add');
    expect(routeToPermission('/api/sysTenant/sysInfo/:tenantId')).toBe('sysTenant:sysInfo');
    expect(routeToPermission('/health')).toBeUndefined();
    expect(isCoreRoute('/api/sysMenu/add')).toBe(true);
    expect(isCoreRoute('/api/sysDictType/add')).toBe(false);
  });

  it('lets only the super admin grant platform menus, and others only what the tenant has and they hold', () => {
    const tenantMenus = new Set(['m1', 'm2', 'b1']);
    const platform = { id: 'p', scope: 'platform', type: MenuType.Menu, permission: null };
    const m2 = { id: 'm2', scope: 'tenant', type: MenuType.Menu, permission: null };
    const b1 = { id: 'b1', scope: 'tenant', type: MenuType.Btn, permission: 'sysUser:page' };
    expect(() => assertMayGrantMenus(superAdmin, [platform], tenantMenus)).not.toThrow();
    expect(() => assertMayGrantMenus(sysAdmin, [platform], tenantMenus)).toThrow(/grantCoreModule/);
    expect(() => assertMayGrantMenus(sysAdmin, [m2, b1], tenantMenus)).not.toThrow();
    expect(() => assertMayGrantMenus(principal(), [m2], tenantMenus)).toThrow(/menuNotHeld/);
    expect(() => assertMayGrantMenus(principal(), [b1], tenantMenus)).not.toThrow();
    const notTenant = { id: 'x', scope: 'tenant', type: MenuType.Menu, permission: null };
    expect(() => assertMayGrantMenus(sysAdmin, [notTenant], tenantMenus)).toThrow(/menuNotHeld/);
  });

  it('hands on data scope within the caller’s own', () => {
    const narrow = { ...ownRowsOnly('10'), orgIds: ['501'], singleOrgIds: ['501'] };
    expect(() => assertMayGrantDataScope(principal(), narrow, DataScope.All, [])).toThrow(/scopeTooWide/);
    expect(() => assertMayGrantDataScope(principal(), narrow, DataScope.DeptChild, [])).toThrow();
    expect(() => assertMayGrantDataScope(principal(), narrow, DataScope.Self, [])).not.toThrow();
    expect(() => assertMayGrantDataScope(principal(), narrow, DataScope.Define, ['501'])).not.toThrow();
    // Its own organisation (500) only when its own scope shows that organisation's rows.
    expect(() => assertMayGrantDataScope(principal(), narrow, DataScope.Define, ['500'])).toThrow(
      /outOfScope/,
    );
    expect(() => assertMayGrantDataScope(principal(), narrow, DataScope.Define, ['502'])).toThrow(
      /outOfScope/,
    );
    const all = { ...ownRowsOnly('10'), all: true };
    expect(() => assertMayGrantDataScope(principal(), all, DataScope.All, [])).not.toThrow();
  });

  it('lifts only the API and field restrictions the caller is free of', () => {
    const lift = (url: string, permission: string) => [{ url, permission }];
    expect(() =>
      assertMayChangeRouteBlacklist(principal(), [], lift('/api/sysUser/delete', 'sysUser:delete')),
    ).toThrow(/apiNotHeld/);
    expect(() =>
      assertMayChangeRouteBlacklist(principal(), [], lift('/api/sysUser/page', 'sysUser:page')),
    ).not.toThrow();
    expect(() => assertMayChangeRouteBlacklist(sysAdmin, ['/api/sysMenu/delete'], [])).toThrow(
      /grantCoreModule/,
    );
    expect(() => assertMayChangeRouteBlacklist(superAdmin, ['/api/sysMenu/delete'], [])).not.toThrow();
    expect(() =>
      assertMayLiftFieldBlacklist(principal(), [{ tableName: 'sysUser', columnName: 'phone' }]),
    ).toThrow(/fieldNotHeld/);
    expect(() =>
      assertMayLiftFieldBlacklist(principal(), [{ tableName: 'sysUser', columnName: 'email' }]),
    ).not.toThrow();
  });

  it('hands on roles the caller holds, below the admins', () => {
    expect(() => assertMayHandOnRoles(principal(), ['r1'])).not.toThrow();
    expect(() => assertMayHandOnRoles(principal(), ['r2'])).toThrow(/roleNotHeld/);
    expect(() => assertMayHandOnRoles(sysAdmin, ['r2'])).not.toThrow();
  });
});

describe('account policy: nobody acts on an account of a higher kind', () => {
  const account = (accountType: number, id = '99') => ({ id, accountType });

  it('ranks account kinds', () => {
    expect(() =>
      assertMayManageAccount(principal(), account(AccountType.NormalUser), 'update'),
    ).not.toThrow();
    expect(() => assertMayManageAccount(principal(), account(AccountType.Member), 'status')).not.toThrow();
    expect(() => assertMayManageAccount(principal(), account(AccountType.SysAdmin), 'update')).toThrow(
      /higherKind/,
    );
    expect(() =>
      assertMayManageAccount(principal({ accountType: AccountType.Member }), account(777), 'unlock'),
    ).toThrow(/higherKind/);
    expect(() => assertMayManageAccount(sysAdmin, account(AccountType.SysAdmin), 'update')).toThrow(
      /higherKind/,
    );
    expect(() => assertMayManageAccount(sysAdmin, account(AccountType.SuperAdmin), 'forceOffline')).toThrow(
      /superAdminOnly/,
    );
    expect(() => assertMayManageAccount(superAdmin, account(AccountType.SysAdmin), 'delete')).not.toThrow();
  });

  it('refuses what would end or widen one’s own access', () => {
    const self = account(AccountType.NormalUser, '10');
    expect(() => assertMayManageAccount(principal(), self, 'update')).not.toThrow();
    expect(() => assertMayManageAccount(principal(), self, 'status')).toThrow(/ownStatus/);
    expect(() => assertMayManageAccount(principal(), self, 'delete')).toThrow(/deleteSelf/);
    expect(() => assertMayManageAccount(principal(), self, 'roles')).toThrow(/ownRoles/);
    expect(() => assertMayManageAccount(principal(), self, 'resetPwd')).toThrow(/resetOwnPassword/);
    const superSelf = { ...self, accountType: AccountType.SuperAdmin };
    expect(() => assertMayManageAccount({ ...superAdmin, userId: '10' }, superSelf, 'roles')).not.toThrow();
  });

  it('gives administrator types from the super admin only, and nobody a type above its own', () => {
    expect(() => assertMaySetAccountType(sysAdmin, undefined, AccountType.SysAdmin)).toThrow(/adminType/);
    expect(() => assertMaySetAccountType(superAdmin, undefined, AccountType.SysAdmin)).not.toThrow();
    expect(() =>
      assertMaySetAccountType(principal({ accountType: AccountType.Member }), 666, AccountType.NormalUser),
    ).toThrow(/higherKind/);
    expect(() =>
      assertMaySetAccountType(principal(), AccountType.Member, AccountType.NormalUser),
    ).not.toThrow();
  });
});
