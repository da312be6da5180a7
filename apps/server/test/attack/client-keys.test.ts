import ExcelJS from 'exceljs';
import { DEFAULT_LOCALE } from '@lintel/contracts';
import { afterAll, describe, expect, it } from 'vitest';
import { upload } from '../multipart-test-kit.js';
import { isGuardedColumn } from '../../src/platform/permission/field-catalog.js';
import { negotiateLocale } from '../../src/platform/i18n/index.js';
import { createTestApp, SEED_IDS } from '../harness.js';
import { PROTOTYPE_KEYS } from './hostile-values.js';

/**
 * Issue 8, finding 12: client text used as a key of a plain object outside any route schema (a
 * header's language tag, a cell of an imported sheet, a field catalog's table) must not find
 * Object's members. The route schemas' fields are swept by bad-input-sweep.test.ts.
 */
const t = await createTestApp();
afterAll(async () => t.close());

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

describe("keys that name Object's members", () => {
  it('an Accept-Language of constructor or __proto__ is no language', () => {
    for (const key of PROTOTYPE_KEYS) expect([key, negotiateLocale(key)]).toEqual([key, DEFAULT_LOCALE]);
  });

  it('a field catalog has no table called constructor', () => {
    for (const key of PROTOTYPE_KEYS) expect([key, isGuardedColumn(key, 'name')]).toEqual([key, false]);
  });

  it('an imported gender cell reading constructor is a bad row, not a 500', async () => {
    const book = new ExcelJS.Workbook();
    const sheet = book.addWorksheet('Accounts');
    sheet.addRow([
      'Account',
      'Real name',
      'Org code',
      'Phone',
      'E-mail',
      'Gender',
      'Pos code',
      'Roles',
      'Job',
    ]);
    for (const [i, key] of ['constructor', '__proto__', 'toString'].entries()) {
      sheet.addRow([`proto${i}`, 'x', '100102', '', '', key, '', '', '']);
    }
    const file = Buffer.from(await book.xlsx.writeBuffer());
    const { accessToken } = await t.ctx.sessions.issue(
      { id: SEED_IDS.admin, tenantId: SEED_IDS.tenant },
      SEED_IDS.tenant,
      {},
    );
    const res = await upload(t, '/api/sysUser/import', accessToken, file, 'accounts.xlsx', XLSX);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().result).toMatchObject({ total: 3, imported: 0, failed: 3 });
  });
});
