import { describe, expect, it } from 'vitest';
import { isAccountName, isPhone } from './account-rules.js';

describe('isPhone (SPEC 5)', () => {
  it.each(['13800138000', '19912345678'])('accepts %s', (p) => expect(isPhone(p)).toBe(true));
  it.each(['12345678901', '1380013800', '138001380001', '2380013800a', ''])('rejects %s', (p) =>
    expect(isPhone(p)).toBe(false),
  );
});

describe('isAccountName', () => {
  it.each(['ab', 'admin', 'zhang.san@school', 'user_01-x', 'a'.repeat(32)])('accepts %s', (a) =>
    expect(isAccountName(a)).toBe(true),
  );
  it.each(['a', '', 'a'.repeat(33), 'zhang san', '张三', 'a/b', 'x;drop'])('rejects %s', (a) =>
    expect(isAccountName(a)).toBe(false),
  );
});
