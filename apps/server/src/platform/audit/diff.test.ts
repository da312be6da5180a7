import { describe, expect, it } from 'vitest';
import { applied, diffRows } from './diff.js';

describe('diffRows', () => {
  it('finds no change between empty-like values: null, undefined and empty text', () => {
    expect(
      diffRows({ remark: null, code: '', email: undefined }, { remark: '', code: null, email: null }),
    ).toEqual([]);
    expect(diffRows({ remark: null }, {})).toEqual([]);
  });

  it('compares dates by value: a Date and the same instant or day written as text are equal', () => {
    const instant = new Date('2026-11-24T07:04:05.000Z');
    expect(diffRows({ lastLoginTime: instant }, { lastLoginTime: new Date(instant.getTime()) })).toEqual([]);
    expect(diffRows({ lastLoginTime: instant }, { lastLoginTime: '2026-11-24T15:04:05+08:00' })).toEqual([]);
    // A `date` column read back by PGlite (UTC midnight) or node-postgres (local midnight).
    expect(diffRows({ birthday: new Date('1990-05-06T00:00:00Z') }, { birthday: '1990-05-06' })).toEqual([]);
    expect(diffRows({ birthday: new Date(1990, 4, 6) }, { birthday: '1990-05-06' })).toEqual([]);
  });

  it('still records real changes, a changed day as a day', () => {
    expect(
      diffRows({ remark: null, birthday: new Date(1990, 4, 6) }, { remark: 'x', birthday: '1990-05-07' }),
    ).toEqual([
      { field: 'remark', before: null, after: 'x' },
      { field: 'birthday', before: '1990-05-06', after: '1990-05-07' },
    ]);
    expect(diffRows({ status: 1 }, { status: 2 })).toEqual([{ field: 'status', before: 1, after: 2 }]);
    expect(diffRows({}, { name: 'new' })).toEqual([{ field: 'name', before: null, after: 'new' }]);
  });

  it('leaves fields an update omits as they were', () => {
    const current = { name: 'a', remark: 'kept' };
    expect(diffRows(current, applied(current, { name: 'a', remark: undefined }))).toEqual([]);
  });
});
