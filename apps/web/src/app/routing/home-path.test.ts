import { describe, expect, it } from 'vitest';
import type { MenuTreeNode } from '../../shared/session/types';
import { shellRoutes } from '../shell/views/shell-routes';
import { homeOf } from './home-path';
import { isForbiddenPage } from './page-access';

const node = (
  path: string,
  component: string | null,
  over: Partial<MenuTreeNode['meta']> = {},
  children: MenuTreeNode[] = [],
): MenuTreeNode => ({
  id: path,
  pid: '0',
  name: null,
  path,
  component,
  redirect: null,
  meta: {
    title: path,
    icon: null,
    isIframe: false,
    isLink: null,
    isHide: false,
    isKeepAlive: true,
    isAffix: false,
    isPublic: false,
    roles: [],
    ...over,
  },
  children,
});

const dashboard = node('/dashboard', 'Layout', {}, [node('/dashboard/home', '/home/index')]);
const system = node('/system', 'Layout', {}, [
  node('/system/report', '/system/report/index'),
  node('/system/pos', '/system/pos/index'),
  node('/system/userCenter', '/system/user/component/userCenter'),
]);
const about = node('/about', '/about/index');
const home = (tree: MenuTreeNode[], roles: string[] = []) => homeOf(shellRoutes(tree, roles));

describe('homeOf', () => {
  it('is the dashboard when the account may open it, wherever it sits in the tree', () => {
    expect(home([dashboard, system, about])).toBe('/dashboard/home');
    expect(home([system, about, dashboard])).toBe('/dashboard/home');
  });

  it('is otherwise the first page of the tree the account may open (never a page without a view)', () => {
    expect(home([system, about])).toBe('/system/pos');
    expect(home([about])).toBe('/about');
  });

  it('skips pages the roles do not reach, hidden pages, parameter pages and links', () => {
    const tree = [
      node('/dashboard/home', '/home/index', { roles: ['boss'] }),
      node('/report/:id', '/about/index'),
      node('/secret', '/about/index', { isHide: true }),
      node('/outside', null, { isLink: 'https://example.org' }),
      about,
    ];
    expect(home(tree, ['clerk'])).toBe('/about');
    expect(home(tree, ['boss'])).toBe('/dashboard/home');
  });

  it('is undefined only when no page can be shown', () => {
    expect(home([node('/system/report', '/system/report/index')])).toBeUndefined();
  });
});

describe('isForbiddenPage', () => {
  it("calls the product's pages the account does not hold forbidden (401)", () => {
    const tree = [system, about];
    expect(isForbiddenPage('/dashboard/home', tree, [])).toBe(true);
    expect(isForbiddenPage('/system/user', tree, [])).toBe(true);
    expect(isForbiddenPage('/platform/tenant', tree, [])).toBe(true);
  });

  it('calls a node of the tree its roles do not reach forbidden', () => {
    const tree = [node('/custom/page', '/about/index', { roles: ['boss'] })];
    expect(isForbiddenPage('/custom/page', tree, ['clerk'])).toBe(true);
    expect(isForbiddenPage('/custom/page', tree, ['boss'])).toBe(false);
  });

  it('leaves addresses that exist for nobody, and held pages without a view, to the not-found page', () => {
    const tree = [dashboard, system];
    expect(isForbiddenPage('/no/such/page', tree, [])).toBe(false);
    expect(isForbiddenPage('/system/report', tree, [])).toBe(false);
    expect(isForbiddenPage('/system', tree, [])).toBe(false);
  });
});
