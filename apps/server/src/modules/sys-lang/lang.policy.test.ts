import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { langPolicy } from './lang.policy.js';

describe('langPolicy', () => {
  it('keeps the last active language active, and lets any other go', () => {
    expect(refusal(() => langPolicy.assertNotLastActive(['1'], '1'))).toBe('lang.lastActive');
    expect(refusal(() => langPolicy.assertNotLastActive(['1', '2'], '1'))).toBeUndefined();
    expect(refusal(() => langPolicy.assertNotLastActive(['1'], '2'))).toBeUndefined();
  });
});
