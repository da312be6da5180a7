import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { rolePolicy } from './role.policy.js';

describe('role policy', () => {
  it('keeps the code of a built-in role, not of others', () => {
    expect(refusal(() => rolePolicy.assertCodeChange({ isSystem: true, code: 'sys_admin' }, 'x'))).toBe(
      'role.builtInCode',
    );
    expect(
      refusal(() => rolePolicy.assertCodeChange({ isSystem: true, code: 'sys_admin' }, 'sys_admin')),
    ).toBe(undefined);
    expect(refusal(() => rolePolicy.assertCodeChange({ isSystem: false, code: 'a' }, 'b'))).toBeUndefined();
  });

  it('keeps built-in roles and roles someone holds', () => {
    expect(refusal(() => rolePolicy.assertDeletable({ isSystem: true }, 0))).toBe('crud.builtInReadOnly');
    expect(refusal(() => rolePolicy.assertDeletable({ isSystem: false }, 2))).toBe('role.inUse');
    expect(refusal(() => rolePolicy.assertDeletable({ isSystem: false }, 0))).toBeUndefined();
  });
});
