import fc from 'fast-check';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { decimalsUpTo, ID_PATTERN, isId, MAX_ID, newId } from './ids.js';

/** The id pattern of every request schema against BigInt arithmetic, the obvious definition. */
const reference = (value: string) => /^[1-9]\d*$/.test(value) && BigInt(value) <= MAX_ID;

describe('ids', () => {
  it('the pattern takes exactly 1 to 2^63 - 1', () => {
    const id = new RegExp(ID_PATTERN);
    const near = fc.bigInt({ min: MAX_ID - 10_000n, max: MAX_ID + 10_000n }).map(String);
    const digits = fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: 1, maxLength: 21 });
    fc.assert(
      fc.property(fc.oneof(near, digits, fc.string()), (value) => id.test(value) === reference(value)),
    );
    expect(id.test('9223372036854775807')).toBe(true);
    expect(id.test('9223372036854775808')).toBe(false);
    expect(id.test('9999999999999999999')).toBe(false);
    expect(isId(newId())).toBe(true);
  });

  it('writes the range pattern for any bound', () => {
    fc.assert(
      fc.property(
        fc.bigInt({ min: 1n, max: 10n ** 6n }),
        fc.bigInt({ min: 0n, max: 2n * 10n ** 6n }),
        (max, n) => {
          const pattern = new RegExp(`^(?:${decimalsUpTo(max)})$`);
          return pattern.test(String(n)) === (n >= 1n && n <= max);
        },
      ),
    );
  });

  describe('when the clock goes backwards', () => {
    afterEach(() => vi.useRealTimers());

    it('keeps ids unique and increasing, also past 4096 in one millisecond', () => {
      const start = Date.now();
      vi.useFakeTimers({ toFake: ['Date'], now: start + 60_000 });
      const ahead = newId();
      vi.setSystemTime(start);
      const ids = [ahead, ...Array.from({ length: 5000 }, () => newId())];
      expect(new Set(ids).size).toBe(ids.length);
      for (let i = 1; i < ids.length; i++) expect(BigInt(ids[i]!) > BigInt(ids[i - 1]!)).toBe(true);
    });
  });
});
