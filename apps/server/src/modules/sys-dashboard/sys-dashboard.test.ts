import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/harness.js';
import { tinyPng, upload } from '../../../test/multipart-test-kit.js';
import { addDays, dayIn, weekAndMonth } from './sys-dashboard.service.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

type Figures = {
  onlineUsers: number;
  accounts: number;
  signInsToday: number;
  activeUsers7d: number;
  signInsByDay: { day: string; count: number }[];
  files: { count: number; bytes: number };
  jobs: { succeeded: number; failed: number } | null;
  schedule: { weekDone: number; weekTotal: number; monthDone: number; monthTotal: number };
};

const figures = async (token: string, tz = 'Asia/Shanghai') => {
  await t.ctx.audit.flush();
  const res = await t.call('GET', `/api/sysDashboard/figures?tz=${encodeURIComponent(tz)}`, token);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as Figures;
};

describe('day arithmetic', () => {
  it('finds the local day, the week from Monday and the month', () => {
    const instant = new Date('2026-03-01T20:00:00Z');
    expect(dayIn('Asia/Shanghai', instant)).toBe('2026-03-02');
    expect(dayIn('America/New_York', instant)).toBe('2026-03-01');
    expect(dayIn('Not/AZone', instant)).toBeUndefined();
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(weekAndMonth('2026-03-01')).toEqual({
      weekStart: '2026-02-23',
      weekEnd: '2026-03-01',
      monthStart: '2026-03-01',
      monthEnd: '2026-03-31',
    });
    expect(weekAndMonth('2028-02-10').monthEnd).toBe('2028-02-29');
  });
});

describe('sysDashboard/figures', () => {
  it('counts sign-ins, accounts and the caller’s schedule from the tenant’s own records', async () => {
    // The visit log is written off the request path: wait until admin's own sign-in is there.
    const settled = async (signIns: number) =>
      vi.waitFor(async () => {
        const result = await figures(admin);
        expect(result.signInsToday).toBe(signIns);
        return result;
      });
    const before = await settled(1);
    expect(before.signInsByDay).toHaveLength(7);
    expect(before.accounts).toBeGreaterThan(0);
    expect(before.jobs).toBeNull(); // job runs are the platform's: the super admin's figure

    await t.login('staff');
    await t.login('staff');
    const today = dayIn('Asia/Shanghai', new Date())!;
    for (const status of [1, 0]) {
      const add = await t.call('POST', '/api/sysSchedule/add', admin, {
        scheduleTime: today,
        startTime: '09:00',
        endTime: '10:00',
        content: `entry ${status}`,
        status,
      });
      expect(add.statusCode, add.body).toBe(200);
    }

    const png = tinyPng(2048);
    const stored = await upload(t, '/api/sysFile/uploadFile', admin, png, 'site.png');
    expect(stored.statusCode, stored.body).toBe(200);

    const after = await settled(3);
    expect(after.files.count).toBe(before.files.count + 1);
    expect(after.files.bytes).toBe(before.files.bytes + png.length);
    expect(after.signInsByDay.at(-1)).toEqual({ day: today, count: after.signInsToday });
    expect(after.activeUsers7d).toBeGreaterThanOrEqual(2); // admin and staff
    expect(after.schedule.weekTotal).toBe(before.schedule.weekTotal + 2);
    expect(after.schedule.weekDone).toBe(before.schedule.weekDone + 1);
    expect(after.schedule.monthTotal).toBe(before.schedule.monthTotal + 2);

    // Another account's schedule is its own.
    const staff = (await t.login('staff')).accessToken;
    expect((await figures(staff)).schedule.weekTotal).toBe(0);
  });

  it('shows the super admin the platform’s job runs', async () => {
    const superAdmin = (await t.login('superAdmin')).accessToken;
    const result = await figures(superAdmin);
    expect(result.jobs).toEqual({ succeeded: expect.any(Number), failed: expect.any(Number) });
  });

  it('refuses an unknown time zone with a localized 400', async () => {
    const res = await t.call('GET', '/api/sysDashboard/figures?tz=Mars%2FOlympus', admin, undefined, {
      'accept-language': 'en',
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toBe('Unknown time zone: Mars/Olympus.');
  });

  it('needs a signed-in account', async () => {
    expect((await t.call('GET', '/api/sysDashboard/figures', undefined)).statusCode).toBe(401);
  });
});
