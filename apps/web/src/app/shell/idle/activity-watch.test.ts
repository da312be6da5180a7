import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { watchActivity } from './activity-watch';

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2026-01-01T00:00:00Z'));
});
afterEach(() => vi.useRealTimers());

const click = () => window.dispatchEvent(new MouseEvent('click'));

describe('idle activity watch (SPEC 4)', () => {
  it('fires once the timeout passed without activity, at the next 2 s check, then stops', () => {
    const onTimeout = vi.fn();
    watchActivity({ timeoutSeconds: 5, onTimeout });
    vi.advanceTimersByTime(4000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(2000); // 6 s: the check at 6 s sees 6 >= 5
    expect(onTimeout).toHaveBeenCalledTimes(1);
    vi.advanceTimersByTime(20_000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('checks every 2 s, not continuously', () => {
    const onTimeout = vi.fn();
    watchActivity({ timeoutSeconds: 3, onTimeout });
    vi.advanceTimersByTime(3999); // 3 s passed, but the checks run at 2 s and 4 s
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(1);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('records activity debounced by 200 ms: a burst counts once, when it ends', () => {
    const onTimeout = vi.fn();
    watchActivity({ timeoutSeconds: 5, onTimeout });
    vi.advanceTimersByTime(3000);
    // Clicks every 100 ms from 3.0 s to 3.9 s: the time is taken 200 ms after the last (4.1 s).
    for (let i = 0; i < 10; i++) {
      click();
      vi.advanceTimersByTime(100);
    }
    // Checks at 4, 6 and 8 s see less than 5 s since 4.1 s; the one at 10 s sees 5.9 s.
    vi.advanceTimersByTime(5999 - 4000);
    expect(onTimeout).not.toHaveBeenCalled();
    vi.advanceTimersByTime(4001);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('an event shorter than the debounce before the check does not count yet', () => {
    const onTimeout = vi.fn();
    watchActivity({ timeoutSeconds: 2, onTimeout });
    vi.advanceTimersByTime(1900);
    window.dispatchEvent(new KeyboardEvent('keydown'));
    vi.advanceTimersByTime(100); // check at 2 s: the keydown is not recorded until 2.1 s
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('counts wheel, keydown, click and the tab becoming visible; ignores mouse moves', () => {
    for (const fire of [
      () => window.dispatchEvent(new WheelEvent('wheel')),
      () => window.dispatchEvent(new KeyboardEvent('keydown')),
      click,
      () => document.dispatchEvent(new Event('visibilitychange')),
    ]) {
      const onTimeout = vi.fn();
      const stop = watchActivity({ timeoutSeconds: 4, onTimeout });
      vi.advanceTimersByTime(3000);
      fire();
      vi.advanceTimersByTime(3000); // t = 6 s: activity at 3.2 s
      expect(onTimeout).not.toHaveBeenCalled();
      stop();
    }
    const onTimeout = vi.fn();
    watchActivity({ timeoutSeconds: 4, onTimeout });
    vi.advanceTimersByTime(3000);
    window.dispatchEvent(new MouseEvent('mousemove'));
    vi.advanceTimersByTime(1000);
    expect(onTimeout).toHaveBeenCalledTimes(1);
  });

  it('a timeout of 0 disables the check', () => {
    const onTimeout = vi.fn();
    watchActivity({ timeoutSeconds: 0, onTimeout });
    vi.advanceTimersByTime(24 * 3600 * 1000);
    expect(onTimeout).not.toHaveBeenCalled();
    expect(vi.getTimerCount()).toBe(0);
  });

  it('stops listening when stopped', () => {
    const onTimeout = vi.fn();
    const stop = watchActivity({ timeoutSeconds: 2, onTimeout });
    stop();
    vi.advanceTimersByTime(10_000);
    expect(onTimeout).not.toHaveBeenCalled();
  });
});
