import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { OTHER_TENANT, seedOtherTenant } from '../sys-dict-type/dict-test-kit.js';
import { isCalendarDay } from './sys-schedule.service.js';

let t: TestApp;
let staff: string;
let admin: string;
const en = { 'accept-language': 'en' };
const OTHER_TENANT_ENTRY = '1300000009301';
const api = (action: string) => `/api/sysSchedule/${action}`;

beforeAll(async () => {
  t = await createTestApp();
  await seedOtherTenant(t);
  // An entry of another tenant's user, written across tenants.
  await t.ctx.db.platform((trx) =>
    trx
      .insertInto('sysSchedule')
      .values({
        id: OTHER_TENANT_ENTRY,
        tenantId: OTHER_TENANT,
        userId: SEED_IDS.staff,
        scheduleTime: '2026-11-20',
        startTime: '09:00',
        endTime: '10:00',
        content: 'secret',
      })
      .execute(),
  );
  staff = (await t.login('staff')).accessToken;
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const add = async (token: string, body: object) => {
  const res = await t.call('POST', api('add'), token, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};
const entry = (day: string, start = '09:00', end = '10:00', content = 'Site visit') => ({
  scheduleTime: day,
  startTime: start,
  endTime: end,
  content,
});

describe('sysSchedule', () => {
  it('needs a signed-in account on every endpoint', async () => {
    for (const [method, url] of [
      ['POST', api('page')],
      ['POST', api('add')],
      ['POST', api('update')],
      ['POST', api('delete')],
      ['POST', api('setStatus')],
      ['GET', api(`detail/${OTHER_TENANT_ENTRY}`)],
    ] as const) {
      expect((await t.call(method, url, undefined, {})).statusCode).toBe(401);
    }
  });

  it('adds, lists by date range, changes, sets status and deletes own entries', async () => {
    const a = await add(staff, entry('2026-11-05', '14:00', '15:30', 'Safety inspection'));
    const b = await add(staff, entry('2026-11-05', '08:00', '09:00', 'Morning meeting'));
    const c = await add(staff, entry('2026-12-01'));
    const november = (
      await t.call('POST', api('page'), staff, { startTime: '2026-11-01', endTime: '2026-11-30' })
    ).json().result;
    // Ordered by day, then start time; only the range asked for.
    expect(november.map((e: { id: string }) => e.id)).toEqual([b, a]);
    expect(november[1]).toMatchObject({
      scheduleTime: '2026-11-05',
      startTime: '14:00',
      endTime: '15:30',
      content: 'Safety inspection',
      status: 0,
    });

    const updated = await t.call('POST', api('update'), staff, {
      id: a,
      ...entry('2026-11-06', '13:00', '14:00', 'Moved'),
    });
    expect(updated.statusCode, updated.body).toBe(200);
    expect((await t.call('GET', api(`detail/${a}`), staff)).json().result).toMatchObject({
      scheduleTime: '2026-11-06',
      content: 'Moved',
    });

    expect((await t.call('POST', api('setStatus'), staff, { id: a, status: 1 })).statusCode).toBe(200);
    expect((await t.call('GET', api(`detail/${a}`), staff)).json().result.status).toBe(1);

    expect((await t.call('POST', api('delete'), staff, { id: c })).statusCode).toBe(200);
    expect((await t.call('GET', api(`detail/${c}`), staff)).statusCode).toBe(404);
  });

  it("answers not-found for another user's entry and leaves it untouched", async () => {
    const mine = await add(admin, entry('2026-11-10', '10:00', '11:00', 'Admin only'));
    const calls = [
      () => t.call('GET', api(`detail/${mine}`), staff, undefined, en),
      () => t.call('POST', api('update'), staff, { id: mine, ...entry('2026-11-10') }, en),
      () => t.call('POST', api('setStatus'), staff, { id: mine, status: 1 }, en),
      () => t.call('POST', api('delete'), staff, { id: mine }, en),
    ];
    for (const call of calls) {
      const res = await call();
      expect(res.statusCode).toBe(404);
      expect(res.json().message).toBe('The schedule entry does not exist.');
    }
    const list = (await t.call('POST', api('page'), staff, {})).json().result;
    expect(list.some((e: { id: string }) => e.id === mine)).toBe(false);
    expect((await t.call('GET', api(`detail/${mine}`), admin)).json().result).toMatchObject({
      content: 'Admin only',
      status: 0,
    });
  });

  it("answers not-found for another tenant's entry, even with the same user id", async () => {
    expect((await t.call('GET', api(`detail/${OTHER_TENANT_ENTRY}`), staff)).statusCode).toBe(404);
    expect((await t.call('POST', api('delete'), staff, { id: OTHER_TENANT_ENTRY })).statusCode).toBe(404);
    const list = (
      await t.call('POST', api('page'), staff, { startTime: '2026-11-20', endTime: '2026-11-20' })
    ).json().result;
    expect(list).toEqual([]);
  });

  it('validates the entry (SPEC 5): day, start, end after start, content', async () => {
    const cases: [object, string][] = [
      [{ startTime: '09:00', endTime: '10:00', content: 'x' }, 'scheduleTime'],
      [{ scheduleTime: '2026-11-01', endTime: '10:00', content: 'x' }, 'startTime'],
      [{ scheduleTime: '2026-11-01', startTime: '09:00', content: 'x' }, 'endTime'],
      [{ scheduleTime: '2026-11-01', startTime: '09:00', endTime: '10:00' }, 'content'],
      [entry('2026-11-01', '25:00', '26:00'), 'startTime'],
      [entry('01/11/2026'), 'scheduleTime'],
    ];
    for (const [body, field] of cases) {
      const res = await t.call('POST', api('add'), staff, body, en);
      expect([field, res.statusCode]).toEqual([field, 400]);
      expect(res.json().message).toContain(field);
    }
    const backwards = await t.call('POST', api('add'), staff, entry('2026-11-01', '10:00', '09:00'), en);
    expect(backwards.json().message).toBe('The end time must be after the start time.');
    const same = await t.call('POST', api('add'), staff, entry('2026-11-01', '10:00', '10:00'), en);
    expect(same.statusCode).toBe(400);
    const blank = await t.call('POST', api('add'), staff, entry('2026-11-01', '09:00', '10:00', '   '), en);
    expect(blank.json().message).toBe('Please enter the schedule content.');
    const noDay = await t.call('POST', api('add'), staff, entry('2026-02-30'), en);
    // The request schema's `date` format refuses a day that does not exist, naming the field.
    expect(noDay.json().message).toBe(
      'scheduleTime must be a calendar day that exists, written YYYY-MM-DD (for example 2024-02-29).',
    );
    const range = await t.call(
      'POST',
      api('page'),
      staff,
      { startTime: '2026-12-01', endTime: '2026-11-01' },
      en,
    );
    expect(range.statusCode).toBe(400);
  });

  it('knows real calendar days', () => {
    expect(isCalendarDay('2028-02-29')).toBe(true);
    expect(isCalendarDay('2026-02-29')).toBe(false);
    expect(isCalendarDay('2026-04-31')).toBe(false);
  });
});
