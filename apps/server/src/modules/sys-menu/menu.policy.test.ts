import { MenuType } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import type { Menu } from '../../platform/db/schema.js';
import { menuPolicy } from './menu.policy.js';

const menu = (over: Partial<Menu>): Menu => ({ key: null, type: MenuType.Menu, pid: '0', ...over }) as Menu;

describe('menu policy', () => {
  it("keeps a registry menu's structure and lets its looks change", () => {
    const registry = menu({ key: 'sysPos', path: '/system/pos', component: '/system/pos/index' });
    expect(refusal(() => menuPolicy.assertStructureKept(registry, { path: '/elsewhere' }))).toBe(
      'menu.registryStructure',
    );
    expect(
      refusal(() => menuPolicy.assertStructureKept(registry, { title: 'Jobs', icon: 'X' })),
    ).toBeUndefined();
    expect(refusal(() => menuPolicy.assertStructureKept(menu({}), { path: '/elsewhere' }))).toBeUndefined();
  });

  it('refuses a parent inside the branch, and children that no longer fit', () => {
    expect(refusal(() => menuPolicy.assertParent('5', '5', new Set()))).toBe('menu.parentIsSelf');
    expect(refusal(() => menuPolicy.assertParent('5', '7', new Set(['7'])))).toBe('menu.parentIsSelf');
    expect(refusal(() => menuPolicy.assertParent('5', '0', new Set(['7'])))).toBeUndefined();
    const btn = menu({ type: MenuType.Btn });
    expect(refusal(() => menuPolicy.assertChildrenFit({ type: MenuType.Btn }, [btn]))).toBe(
      'menu.parentIsButton',
    );
    expect(refusal(() => menuPolicy.assertChildrenFit({ type: MenuType.Dir }, [btn]))).toBe(
      'menu.buttonNeedsParent',
    );
    expect(refusal(() => menuPolicy.assertChildrenFit({ type: MenuType.Menu }, [btn]))).toBeUndefined();
  });

  it('wants a button with a code on a page, and a page with a path not under a button', () => {
    const page = menu({ type: MenuType.Menu });
    expect(refusal(() => menuPolicy.assertShape({ type: MenuType.Btn, permission: null }, page))).toBe(
      'menu.permissionRequired',
    );
    expect(refusal(() => menuPolicy.assertShape({ type: MenuType.Btn, permission: 'a:b' }, undefined))).toBe(
      'menu.buttonNeedsParent',
    );
    expect(
      refusal(() => menuPolicy.assertShape({ type: MenuType.Btn, permission: 'a:b' }, page)),
    ).toBeUndefined();
    expect(refusal(() => menuPolicy.assertShape({ type: MenuType.Menu, path: '' }, undefined))).toBe(
      'menu.pathRequired',
    );
    expect(
      refusal(() =>
        menuPolicy.assertShape({ type: MenuType.Menu, path: '/x' }, menu({ type: MenuType.Btn })),
      ),
    ).toBe('menu.parentIsButton');
  });

  it('keeps registry menus and menus with children', () => {
    expect(refusal(() => menuPolicy.assertDeletable({ key: 'sysPos' }, false))).toBe('menu.registryLocked');
    expect(refusal(() => menuPolicy.assertDeletable({ key: null }, true))).toBe('menu.hasChildren');
    expect(refusal(() => menuPolicy.assertDeletable({ key: null }, false))).toBeUndefined();
  });
});
