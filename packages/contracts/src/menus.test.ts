import { describe, expect, it } from 'vitest';
import type { MenuNode } from './menu-types.js';
import { MENU_REGISTRY, registryPermissions } from './menus.js';
import { allPermissionCodes, isPermissionCode, isReadPermission, permissionCode } from './permissions.js';

describe('permission registry', () => {
  const pages: MenuNode[] = [];
  const walk = (nodes: readonly MenuNode[]) => {
    for (const node of nodes) {
      pages.push(node);
      if (node.type !== 'btn') walk(node.children);
    }
  };
  walk(MENU_REGISTRY);

  it('names permissions {controller}:{action} in lower camel case, each once', () => {
    const buttons = pages.filter((n) => n.type === 'btn');
    const codes = buttons.map((b) => (b.type === 'btn' ? b.permission : ''));
    expect(new Set(codes).size).toBe(codes.length);
    for (const code of codes) expect(code).toMatch(/^sys[A-Z]\w*:[a-z]\w*$|^[a-z]\w*:[a-z]\w*$/);
    expect(registryPermissions().size).toBe(codes.length);
  });

  it('places every code of the typed registry as a button, and no other', () => {
    expect([...registryPermissions().keys()].sort()).toEqual(allPermissionCodes().sort());
  });

  it('tells codes and read actions apart', () => {
    expect(isPermissionCode('sysUser:add')).toBe(true);
    for (const bad of [
      'sysUser:nope',
      'nope:add',
      'sysUser',
      'sysUser:add:x',
      'sysUser:constructor',
      'toString:add',
    ])
      expect(isPermissionCode(bad), bad).toBe(false);
    expect(isReadPermission(permissionCode('sysUser', 'page'))).toBe(true);
    expect(isReadPermission('sysUser:export')).toBe(true);
    expect(isReadPermission('sysUser:add')).toBe(false);
    expect(isReadPermission('sysLogOp:clear')).toBe(false);
  });

  it('gives every page a unique key, name and absolute path', () => {
    const nonButtons = pages.flatMap((n) => (n.type === 'btn' ? [] : [n]));
    expect(new Set(nonButtons.map((n) => n.key)).size).toBe(nonButtons.length);
    expect(new Set(nonButtons.map((n) => n.name)).size).toBe(nonButtons.length);
    for (const node of nonButtons) expect(node.path).toMatch(/^\//);
  });

  it('puts buttons under menus only', () => {
    for (const top of MENU_REGISTRY) for (const child of top.children) expect(child.type).not.toBe('btn');
  });
});
