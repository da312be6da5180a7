import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isDateTime, isDay } from './formats.js';

/** Every instant between years 1 and 9999 that PostgreSQL stores and JavaScript reads unchanged. */
const instant = fc.date({
  min: new Date('0001-01-01T00:00:00Z'),
  max: new Date('9999-12-31T23:59:59.999Z'),
  noInvalidDate: true,
});

describe('request date formats', () => {
  it('take every real day and instant, in any offset PostgreSQL accepts', () => {
    fc.assert(
      fc.property(instant, fc.integer({ min: -959, max: 959 }), (date, offset) => {
        const shifted = new Date(date.getTime() + offset * 60_000);
        const sign = offset < 0 ? '-' : '+';
        const hh = String(Math.floor(Math.abs(offset) / 60)).padStart(2, '0');
        const mm = String(Math.abs(offset) % 60).padStart(2, '0');
        const local = `${shifted.toISOString().slice(0, 23)}${sign}${hh}:${mm}`;
        const inRange = new Date(local).getUTCFullYear() >= 1 && new Date(local).getUTCFullYear() <= 9999;
        expect(isDay(date.toISOString().slice(0, 10))).toBe(true);
        expect(isDateTime(date.toISOString())).toBe(true);
        expect(isDateTime(local)).toBe(inRange && shifted.getUTCFullYear() >= 1);
        if (isDateTime(local)) expect(new Date(local).getTime()).toBe(date.getTime());
      }),
    );
  });

  it('refuse days and times that do not exist, instead of moving them', () => {
    for (const day of [
      '2001-02-29',
      '2100-02-29',
      '2023-04-31',
      '2023-13-01',
      '2023-00-10',
      '0000-01-01',
      '2023-1-01',
    ])
      expect([day, isDay(day)]).toEqual([day, false]);
    expect(isDay('2000-02-29')).toBe(true);
    for (const time of [
      '2001-02-29T00:00:00Z',
      '2016-12-31T23:59:60Z',
      '2023-01-01T24:00:00Z',
      '2023-01-01T12:60:00Z',
      '2023-01-01T12:00:00+16:00',
      '2023-01-01T12:00:00+01:60',
      '0001-01-01T00:00:00+01:00',
      '9999-12-31T23:59:59-01:00',
      '2023-01-01T12:00:00',
    ])
      expect([time, isDateTime(time)]).toEqual([time, false]);
  });
});
