import { afterEach, describe, expect, it, vi } from 'vitest';
import { CountCache } from './count-cache.js';
import { createMemoryCache } from './memory-cache.js';

describe('the count cache', () => {
  afterEach(() => vi.useRealTimers());

  const setup = () => {
    let rows = 10;
    const counted = { calls: 0 };
    const count = async () => {
      counted.calls += 1;
      return rows;
    };
    return { counts: new CountCache(createMemoryCache()), count, counted, add: () => (rows += 1) };
  };

  it('keeps a total until the table changes, then counts again', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const { counts, count, counted, add } = setup();
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(10);
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(10);
    expect(counted.calls).toBe(1);
    add();
    await counts.changed('t', 'sysUser');
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(11);
    // Another tenant's change leaves this tenant's totals alone.
    await counts.changed('other', 'sysUser');
    vi.setSystemTime(new Date('2026-11-24T10:00:40Z'));
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(11);
    const calls = counted.calls;
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(11);
    expect(counted.calls).toBe(calls);
  });

  it('counts afresh while a change may still be committing, so a total read in between never sticks', async () => {
    vi.useFakeTimers({ now: new Date('2026-11-24T10:00:00Z'), toFake: ['Date'] });
    const { counts, count, add } = setup();
    // The writer marks the change inside its transaction; a reader counts before the commit.
    await counts.changed('t', 'sysUser');
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(10);
    add(); // the commit
    vi.setSystemTime(new Date('2026-11-24T10:00:05Z'));
    expect(await counts.total('t', 'sysUser', 'q', count)).toBe(11);
  });
});
