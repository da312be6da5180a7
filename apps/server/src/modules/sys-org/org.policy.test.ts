import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { orgPolicy } from './org.policy.js';

describe('organisation policy', () => {
  it('refuses a move under the branch itself', () => {
    const branch = new Map([
      ['10', 0],
      ['11', 1],
    ]);
    expect(refusal(() => orgPolicy.assertMove(branch, '11'))).toBe('org.parentCycle');
    expect(refusal(() => orgPolicy.assertMove(branch, '20'))).toBeUndefined();
  });

  it('deletes an empty organisation only', () => {
    expect(refusal(() => orgPolicy.assertDeletable({ hasChildren: true, hasAccounts: false }))).toBe(
      'org.hasChildren',
    );
    expect(refusal(() => orgPolicy.assertDeletable({ hasChildren: false, hasAccounts: true }))).toBe(
      'org.hasAccounts',
    );
    expect(
      refusal(() => orgPolicy.assertDeletable({ hasChildren: false, hasAccounts: false })),
    ).toBeUndefined();
  });
});
