import { PERMISSIONS } from '@lintel/contracts';
import { expect, it } from 'vitest';
import en from './system/en.json';

/**
 * The role and menu trees name a button by its action (`sysJob:runJob` → `system.actions.runJob`),
 * so an action added to the registry without a name shows up raw. en is checked here; the locales
 * test checks that every other locale has exactly en's keys, so a missing translation fails there.
 */
it('names every action of the permission registry in system.actions', () => {
  const named = new Set(Object.keys(en.actions));
  const actions = new Set(Object.values(PERMISSIONS).flatMap((actions) => Object.keys(actions)));
  expect(actions.size).toBeGreaterThan(0);
  expect([...actions].filter((action) => !named.has(action))).toEqual([]);
});
