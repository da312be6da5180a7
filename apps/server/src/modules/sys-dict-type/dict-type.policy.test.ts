import { YesNo } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { dictTypePolicy } from './dict-type.policy.js';

describe('dictionary type policy', () => {
  it('keeps the code of a built-in type and the type itself', () => {
    const builtIn = { sysFlag: YesNo.Y, code: 'org_type' };
    expect(refusal(() => dictTypePolicy.assertCodeChange(builtIn, 'other'))).toBe('dict.builtInCode');
    expect(refusal(() => dictTypePolicy.assertCodeChange(builtIn, 'org_type'))).toBeUndefined();
    expect(refusal(() => dictTypePolicy.assertDeletable(builtIn))).toBe('crud.builtInReadOnly');
    const own = { sysFlag: YesNo.N, code: 'mine' };
    expect(refusal(() => dictTypePolicy.assertCodeChange(own, 'other'))).toBeUndefined();
    expect(refusal(() => dictTypePolicy.assertDeletable(own))).toBeUndefined();
  });
});
