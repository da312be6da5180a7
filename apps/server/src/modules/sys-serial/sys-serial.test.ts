import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, SEED_IDS, type TestApp } from '../../../test/harness.js';
import { formatSerial, periodOf, previewValue } from './serial-format.js';
import { nextSerial } from './serial-next.js';

let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await createTestApp();
  admin = (await t.login('admin')).accessToken;
});
afterAll(async () => t?.close());

const add = async (body: Record<string, unknown>) => {
  const res = await t.call('POST', '/api/sysSerial/add', admin, body);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().result as string;
};
const next = (code: string) => t.call('POST', '/api/sysSerial/next', admin, { code });

describe('serial numbers', () => {
  it('40 parallel next calls hand out 40 distinct, contiguous numbers', async () => {
    await add({
      code: 'ORDER',
      name: 'Orders',
      prefix: 'SO',
      datePart: 'none',
      padding: 5,
      resetRule: 'never',
    });
    const answers = await Promise.all(Array.from({ length: 40 }, () => next('ORDER')));
    for (const res of answers) expect(res.statusCode, res.body).toBe(200);
    const values = answers.map((res) => Number(res.json().result.value)).sort((a, b) => a - b);
    expect(values).toEqual(Array.from({ length: 40 }, (_, i) => i + 1));
    expect(answers.map((res) => res.json().result.serial)).toContain('SO00040');
    const page = await t.call('POST', '/api/sysSerial/page', admin, { code: 'ORDER' });
    expect(page.json().result.items[0]).toMatchObject({ currentValue: '40', preview: 'SO00041' });
  });

  it('writes the date part and restarts the counter in a new period, inside the same statement', async () => {
    await add({
      code: 'DAY',
      name: 'Daily',
      prefix: 'D-',
      datePart: 'yyyyMMdd',
      padding: 3,
      resetRule: 'daily',
    });
    const first = await next('DAY');
    const today = periodOf('daily', new Date());
    expect(first.json().result.serial).toBe(`D-${today}001`);
    // Yesterday's counter: the next number starts again at 1.
    await t.ctx.db.tenant(SEED_IDS.tenant, (trx) =>
      trx
        .updateTable('sysSerial')
        .set({ currentValue: 57, period: '20000101' })
        .where('code', '=', 'DAY')
        .execute(),
    );
    expect((await next('DAY')).json().result.value).toBe('1');
    expect((await next('DAY')).json().result.value).toBe('2');
  });

  it('other modules take numbers inside their own transaction: a rollback gives the number back', async () => {
    await add({ code: 'INV', name: 'Invoices', datePart: 'none', padding: 2, resetRule: 'never' });
    await t.ctx.db
      .tenant(SEED_IDS.tenant, async (trx) => {
        expect((await nextSerial(trx, 'INV')).serial).toBe('01');
        throw new Error('rolled back');
      })
      .catch(() => undefined);
    const kept = await t.ctx.db.tenant(SEED_IDS.tenant, (trx) => nextSerial(trx, 'INV'));
    expect(kept.serial).toBe('01');
  });

  it('refuses a duplicate code, an unknown or disabled sequence, and is tenant-scoped', async () => {
    const id = await add({ code: 'DUP', name: 'One', datePart: 'yyyy', padding: 4, resetRule: 'yearly' });
    const dup = await t.call('POST', '/api/sysSerial/add', admin, {
      code: 'dup',
      name: 'Two',
      datePart: 'none',
      padding: 4,
      resetRule: 'never',
    });
    expect(dup.statusCode).toBe(409);
    expect((await next('NOPE')).statusCode).toBe(404);
    const disabled = await t.call('POST', '/api/sysSerial/update', admin, {
      id,
      code: 'DUP',
      name: 'One',
      datePart: 'yyyy',
      padding: 4,
      resetRule: 'yearly',
      status: 2,
    });
    expect(disabled.statusCode, disabled.body).toBe(200);
    expect((await next('DUP')).statusCode).toBe(404);
    expect((await t.call('POST', '/api/sysSerial/delete', admin, { id })).statusCode).toBe(200);
  });
});

describe('serial format', () => {
  it('pads, writes the date part and previews a reset', () => {
    const now = new Date(2026, 0, 9);
    expect(formatSerial({ prefix: 'P', datePart: 'yyyyMM', padding: 4 }, 7, now)).toBe('P2026010007');
    expect(formatSerial({ prefix: '', datePart: 'none', padding: 2 }, 123, now)).toBe('123');
    expect(previewValue({ resetRule: 'monthly', period: '202512', currentValue: '9' }, now)).toBe('1');
    expect(previewValue({ resetRule: 'monthly', period: '202601', currentValue: '9' }, now)).toBe('10');
  });
});
