import { describe, expect, it } from 'vitest';
import { dayPeriod } from './greeting';

describe('dayPeriod', () => {
  it.each([
    [0, 'dawn'],
    [5, 'dawn'],
    [6, 'morning'],
    [9, 'forenoon'],
    [12, 'noon'],
    [14, 'afternoon'],
    [17, 'dusk'],
    [19, 'evening'],
    [22, 'night'],
    [23, 'night'],
  ])('hour %i is %s', (hour, period) => expect(dayPeriod(hour)).toBe(period));
});
