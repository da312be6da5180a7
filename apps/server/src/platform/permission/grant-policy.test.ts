import { describe, expect, it } from 'vitest';
import type { Principal } from '../auth/principal.js';
import { AppError } from '../http/errors.js';
import { assertMayGrantMenus, assertMayGrantRoutes, isCoreRoute, routeToPermission } from './grant-policy.js';

const principal = (isSuperAdmin: boolean) => ({ isSuperAdmin }) as Principal;

describe('grant policy: core system modules', () => {
  it('maps routes to permission codes', () => {
    expect(routeToPermission('/api/sysMenu/add')).toBe('sysMenu:add');
    expect(routeToPermission('/api/sysTenant/sysInfo/:tenantId')).toBe('sysTenant:sysInfo');
    expect(routeToPermission('/health')).toBeUndefined();
  });

  it('knows which routes belong to platform modules', () => {
    expect(isCoreRoute('/api/sysMenu/add')).toBe(true);
    expect(isCoreRoute('/api/sysDictType/add')).toBe(false);
  });

  it('lets only the super admin grant platform menus and routes', () => {
    expect(() => assertMayGrantMenus(principal(false), [{ scope: 'tenant' }, { scope: 'platform' }])).toThrow(
      AppError,
    );
    expect(() => assertMayGrantMenus(principal(false), [{ scope: 'tenant' }])).not.toThrow();
    expect(() => assertMayGrantMenus(principal(true), [{ scope: 'platform' }])).not.toThrow();
    expect(() => assertMayGrantRoutes(principal(false), ['/api/sysMenu/delete'])).toThrow(/grantCoreModule/);
    expect(() => assertMayGrantRoutes(principal(false), ['/api/sysDictData/delete'])).not.toThrow();
    expect(() => assertMayGrantRoutes(principal(true), ['/api/sysMenu/delete'])).not.toThrow();
  });
});
