import { describe, expect, it } from 'vitest';
import { menuTree } from '../../test/fixtures';
import { loginRedirect } from '../../shared/routing/login-redirect';
import { viewRoutes } from './menu-routes';

describe('loginRedirect', () => {
  it('carries the path, its query as params, and a real tenant id', () => {
    const url = new URL(loginRedirect('/system/dict', '?a=1&tid=1300000000002'), 'http://x');
    expect(url.pathname).toBe('/login');
    expect(url.searchParams.get('redirect')).toBe('/system/dict');
    expect(url.searchParams.get('params')).toBe('{"a":"1"}');
    expect(url.searchParams.get('tid')).toBe('1300000000002');
  });
  it('drops tenant ids of 99999 or less and a bare root', () => {
    expect(loginRedirect('/', '?tid=42')).toBe('/login');
  });
});

describe('viewRoutes', () => {
  it('registers only menus whose view exists, filtered by role', () => {
    const tree = menuTree();
    // A page with no view in this build gets no route.
    tree[1]!.children!.push({
      ...tree[1]!.children![0]!,
      id: '29',
      path: '/system/report',
      component: '/system/report/index',
    });
    expect(viewRoutes(tree, []).map((r) => r.path)).toEqual(['/dashboard/home', '/system/dict']);
    tree[0]!.children![0]!.meta.roles = ['other'];
    tree[1]!.children![0]!.meta.roles = ['other'];
    expect(viewRoutes(tree, ['sys_admin'])).toEqual([]);
  });
});
