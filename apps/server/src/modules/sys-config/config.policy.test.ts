import { describe, expect, it } from 'vitest';
import { refusal } from '../../../test/refusal.js';
import { configPolicy } from './config.policy.js';

describe('configPolicy', () => {
  const system = { sysFlag: 'Y', code: 'sys_oplog' };
  const own = { sysFlag: 'N', code: 'my_item' };

  it('keeps the code and the row of a system item, not of an operator item', () => {
    expect(refusal(() => configPolicy.assertCodeChange(system, 'sys_oplog'))).toBeUndefined();
    expect(refusal(() => configPolicy.assertCodeChange(system, 'sys_oplog2'))).toBe('config.systemCode');
    expect(refusal(() => configPolicy.assertCodeChange(own, 'other'))).toBeUndefined();
    expect(refusal(() => configPolicy.assertDeletable(system))).toBe('config.systemItem');
    expect(refusal(() => configPolicy.assertDeletable(own))).toBeUndefined();
  });

  it('accepts only values the readers of the product understand', () => {
    const check = (code: string, value: string | null) =>
      refusal(() => configPolicy.assertValue(code, value));
    expect(check('sys_log_retention_days', '30')).toBeUndefined();
    expect(check('sys_log_retention_days', '0')).toBe('config.valueInt');
    expect(check('sys_log_retention_days', '18O')).toBe('config.valueInt');
    expect(check('sys_log_retention_days', '99999')).toBe('config.valueInt');
    expect(check('sys_oplog', 'False')).toBeUndefined();
    expect(check('sys_oplog', 'yes')).toBe('config.valueBool');
    expect(check('sys_password', ' ')).toBe('config.valueRequired');
    expect(check('sys_password', null)).toBe('config.valueRequired');
    expect(check('anything_else', null)).toBeUndefined();
    expect(check('constructor', 'x')).toBeUndefined();
  });
});
