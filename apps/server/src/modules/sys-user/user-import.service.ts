import { PassThrough } from 'node:stream';
import { AccountType, Gender, isAccountName, isPhone, Status, type Locale } from '@lintel/contracts';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from '../../platform/export/exceljs.js';
import { ImportErrorBooks, markImportErrors } from '../../platform/export/import-error-book.js';
import type { Principal } from '../../platform/auth/principal.js';
import type { AppContext } from '../../platform/context.js';
import { hashPassword } from '../../platform/crypto/passwords.js';
import type { Trx } from '../../platform/db/database.js';
import { newId } from '../../platform/db/ids.js';
import { exportHeaders } from '../../platform/export/table-export.js';
import { badRequest } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { assertMaySetAccountType } from '../../platform/permission/account-policy.js';
import { resolveDataScope } from '../../platform/permission/data-scope.js';
import { hiddenFields } from '../../platform/permission/field-guard.js';
import { mayHandOnRole } from '../../platform/permission/grant-policy.js';
import { created } from '../../platform/audit/stamps.js';
import { UserImportRepo } from './user-import.repo.js';
import { countCacheOf } from '../../platform/cache/count-cache.js';

/** Template columns, in file order; the header text is for people, the position decides the field. */
export const IMPORT_COLUMNS = [
  'account',
  'realName',
  'orgCode',
  'phone',
  'email',
  'sex',
  'posCode',
  'roleCodes',
  'jobNum',
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
/** The account field a column writes, for the field blacklist (codes name the row they point at). */
const FIELD_OF: Record<Column, string> = {
  account: 'account',
  realName: 'realName',
  orgCode: 'orgId',
  phone: 'phone',
  email: 'email',
  sex: 'sex',
  posCode: 'posId',
  roleCodes: 'roleIdList',
  jobNum: 'jobNum',
};
const REQUIRED: ReadonlySet<Column> = new Set(['account', 'realName', 'orgCode']);
const MAX_ROWS = 20_000;
const INSERT_BATCH = 500;
const EMAIL = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;
const MAX_LENGTH: Partial<Record<Column, number>> = { realName: 64, email: 128, jobNum: 32 };
const SEX: Record<string, number> = {
  '0': Gender.Unknown,
  '1': Gender.Male,
  '2': Gender.Female,
  '9': Gender.Unspecified,
  男: Gender.Male,
  女: Gender.Female,
  m: Gender.Male,
  f: Gender.Female,
  male: Gender.Male,
  female: Gender.Female,
};

export interface ImportReport {
  total: number;
  imported: number;
  failed: number;
  errors: { row: number; account: string | null; messages: string[] }[];
}

type Parsed = Record<Column, string> & { row: number };

/** Cell text as a person typed it: numbers (phones) without exponent, rich text flattened. */
function cellText(cell: ExcelJS.Cell): string {
  const value = cell.value;
  if (value === null || value === undefined) return '';
  if (typeof value === 'number') return Number.isInteger(value) ? value.toFixed(0) : String(value);
  return cell.text.trim();
}

/**
 * Account import from the xlsx template (SPEC 2 "List toolbars"): every row is checked the way the
 * add form is (required fields, formats, unique account and phone in the file and the tenant,
 * organisation inside the caller's scope, known position and roles); good rows are added in batches
 * with the tenant's default password, bad rows come back with their reasons. One bad row never
 * stops the others.
 */
export class UserImportService {
  private readonly repo = new UserImportRepo();

  constructor(private readonly ctx: AppContext) {}

  /** The empty template with localized headers (required ones starred). */
  async template(locale: Locale) {
    const out = new PassThrough();
    const book = new (await loadExcelJs()).Workbook();
    const sheet = book.addWorksheet(t(locale, 'user.import.sheet').slice(0, 31));
    sheet.columns = IMPORT_COLUMNS.map((key) => ({
      header: `${t(locale, `user.col.${key}`)}${REQUIRED.has(key) ? ' *' : ''}`,
      key,
      width: key === 'roleCodes' ? 28 : 18,
    }));
    sheet.getRow(1).font = { bold: true };
    // Phones and codes are text: a spreadsheet must not turn 138... into 1.38E+10.
    for (const key of ['phone', 'orgCode', 'posCode', 'jobNum'] as const) sheet.getColumn(key).numFmt = '@';
    void book.xlsx.write(out).then(() => out.end());
    return { stream: out, headers: exportHeaders('xlsx', t(locale, 'user.import.fileName')) };
  }

  async import(principal: Principal, locale: Locale, data: Buffer): Promise<ImportReport> {
    // Imported accounts are normal accounts: a member may not create accounts above its own kind.
    assertMaySetAccountType(principal, undefined, AccountType.NormalUser);
    const rows = await this.parse(data);
    const say = (key: string, params?: Record<string, string | number>) => t(locale, key, params);
    const columnName = (key: Column) => say(`user.col.${key}`);
    // A field the caller's field blacklist hides may not be written by import either (as by update).
    const hidden = hiddenFields(principal, 'sysUser');
    const blocked = IMPORT_COLUMNS.filter((key) => hidden.has(FIELD_OF[key]));

    const report = await this.ctx.db.tenant(principal.tenantId, async (trx) => {
      const lookups = await this.lookups(trx, principal);
      const seenAccounts = new Map<string, number>();
      const seenPhones = new Map<string, number>();
      const errors: ImportReport['errors'] = [];
      const good: { values: Parsed; orgId: string; posId: string | null; roleIds: string[]; sex: number }[] =
        [];

      for (const row of rows) {
        const messages: string[] = [];
        for (const key of blocked)
          if (row[key]) messages.push(say('field.blocked', { field: columnName(key) }));
        for (const key of IMPORT_COLUMNS) {
          if (REQUIRED.has(key) && !row[key])
            messages.push(say('user.import.required', { column: columnName(key) }));
          const max = MAX_LENGTH[key];
          if (max && row[key].length > max)
            messages.push(say('user.import.tooLong', { column: columnName(key), max }));
        }
        const account = row.account.toLowerCase();
        if (row.account && !isAccountName(row.account))
          messages.push(say('user.import.invalid', { column: columnName('account') }));
        else if (row.account && (lookups.accounts.has(account) || seenAccounts.has(account)))
          messages.push(
            seenAccounts.has(account)
              ? say('user.import.duplicateInFile', {
                  column: columnName('account'),
                  row: seenAccounts.get(account)!,
                })
              : say('user.accountTaken'),
          );
        if (row.phone && !isPhone(row.phone))
          messages.push(say('user.import.invalid', { column: columnName('phone') }));
        else if (row.phone && (lookups.phones.has(row.phone) || seenPhones.has(row.phone)))
          messages.push(
            seenPhones.has(row.phone)
              ? say('user.import.duplicateInFile', {
                  column: columnName('phone'),
                  row: seenPhones.get(row.phone)!,
                })
              : say('user.phoneTaken'),
          );
        const email = row.email.toLowerCase();
        if (row.email && !EMAIL.test(row.email))
          messages.push(say('user.import.invalid', { column: columnName('email') }));
        else if (row.email && (lookups.accounts.has(email) || seenAccounts.has(email)))
          messages.push(
            seenAccounts.has(email)
              ? say('user.import.duplicateInFile', {
                  column: columnName('email'),
                  row: seenAccounts.get(email)!,
                })
              : say('user.emailTaken'),
          );
        // Own keys only: a cell reading `constructor` must not find Object's member.
        const sexKey = row.sex.toLowerCase();
        const sex = !row.sex ? Gender.Unknown : Object.hasOwn(SEX, sexKey) ? SEX[sexKey] : undefined;
        if (sex === undefined) messages.push(say('user.import.invalid', { column: columnName('sex') }));
        const org = row.orgCode ? lookups.orgs.get(row.orgCode) : undefined;
        if (row.orgCode && !org)
          messages.push(say('user.import.unknown', { column: columnName('orgCode'), value: row.orgCode }));
        else if (org && !org.inScope) messages.push(say('org.outOfScope'));
        const posId = row.posCode ? lookups.positions.get(row.posCode) : null;
        if (row.posCode && !posId)
          messages.push(say('user.import.unknown', { column: columnName('posCode'), value: row.posCode }));
        const roleIds: string[] = [];
        for (const code of row.roleCodes.split(/[,，;；、\s]+/).filter(Boolean)) {
          const role = lookups.roles.get(code.toLowerCase());
          if (!role)
            messages.push(say('user.import.unknown', { column: columnName('roleCodes'), value: code }));
          else if (!role.grantable) messages.push(say('user.roleNotHeld'));
          else roleIds.push(role.id);
        }

        if (row.account) seenAccounts.set(account, seenAccounts.get(account) ?? row.row);
        if (row.email && email !== account) seenAccounts.set(email, seenAccounts.get(email) ?? row.row);
        if (row.phone) seenPhones.set(row.phone, seenPhones.get(row.phone) ?? row.row);
        if (messages.length) errors.push({ row: row.row, account: row.account || null, messages });
        else
          good.push({
            values: row,
            orgId: org!.id,
            posId: posId ?? null,
            roleIds: [...new Set(roleIds)],
            sex: sex!,
          });
      }

      if (good.length > 0) {
        if (!lookups.defaultPassword) throw badRequest('user.noDefaultPassword');
        // One hash for the batch: every imported account starts with the same default password.
        const hash = await hashPassword(lookups.defaultPassword);
        for (let i = 0; i < good.length; i += INSERT_BATCH) {
          const users = good.slice(i, i + INSERT_BATCH).map((g) => ({
            id: newId(),
            tenantId: principal.tenantId,
            account: g.values.account,
            realName: g.values.realName,
            phone: g.values.phone || null,
            email: g.values.email || null,
            sex: g.sex,
            jobNum: g.values.jobNum || null,
            orgId: g.orgId,
            posId: g.posId,
            accountType: AccountType.NormalUser,
            status: Status.Enable,
            password: hash,
            ...created(principal),
            roleIds: g.roleIds,
          }));
          const grants = users.flatMap((u) =>
            u.roleIds.map((roleId) => ({ tenantId: u.tenantId, userId: u.id, roleId })),
          );
          await this.repo.insert(
            trx,
            users.map(({ roleIds: _r, ...user }) => user),
            grants,
          );
          for (const { password: _p, roleIds, ...after } of users)
            this.ctx.audit.diff({
              principal,
              table: 'sysUser',
              rowId: after.id,
              operation: 'insert',
              after: { ...after, roleIdList: roleIds },
            });
        }
      }
      if (good.length > 0) await countCacheOf(this.ctx.cache).changed(principal.tenantId, 'sysUser');
      return { total: rows.length, imported: good.length, failed: errors.length, errors };
    });
    // The file with its refused rows marked, for sysCommon/downloadErrorExcelTemp (Admin.NET's flow).
    const marked = report.failed
      ? await markImportErrors(data, report.errors, say('sysCommon.errorColumn'))
      : null;
    await new ImportErrorBooks(this.ctx.cache).keep(principal, marked);
    return report;
  }

  /** The first sheet's rows below the header, blank rows skipped; refuses what is not an xlsx. */
  private async parse(data: Buffer): Promise<Parsed[]> {
    const book = new (await loadExcelJs()).Workbook();
    try {
      await book.xlsx.load(data as unknown as ArrayBuffer);
    } catch {
      throw badRequest('user.import.notXlsx');
    }
    const sheet = book.worksheets[0];
    if (!sheet) throw badRequest('user.import.notXlsx');
    const rows: Parsed[] = [];
    sheet.eachRow({ includeEmpty: false }, (row, number) => {
      if (number === 1) return;
      const values = Object.fromEntries(
        IMPORT_COLUMNS.map((key, index) => [key, cellText(row.getCell(index + 1))]),
      ) as Record<Column, string>;
      if (IMPORT_COLUMNS.every((key) => !values[key])) return;
      rows.push({ ...values, row: number });
    });
    if (rows.length > MAX_ROWS) throw badRequest('user.import.tooMany', { max: MAX_ROWS });
    return rows;
  }

  /** Everything the checks need, read once: taken accounts and phones, organisations, positions, roles. */
  private async lookups(trx: Trx, principal: Principal) {
    const scope = await resolveDataScope(trx, principal);
    const users = await this.repo.users(trx);
    const orgs = await this.repo.orgsWithCode(trx);
    const positions = await this.repo.positions(trx);
    const roles = await this.repo.roles(trx);
    const defaultPassword = await this.repo.defaultPassword(trx);
    return {
      // Sign-in takes an account name or an e-mail address: both name one account (user-admin.service).
      accounts: new Set(
        users.flatMap((u) => [u.account.toLowerCase(), ...(u.email ? [u.email.toLowerCase()] : [])]),
      ),
      phones: new Set(users.map((u) => u.phone).filter((p): p is string => !!p)),
      orgs: new Map(
        orgs.map((o) => [o.code!, { id: o.id, inScope: scope.all || scope.orgIds.includes(o.id) }]),
      ),
      positions: new Map(positions.filter((p) => p.code).map((p) => [p.code!, p.id])),
      roles: new Map(
        roles.map((r) => [r.code.toLowerCase(), { id: r.id, grantable: mayHandOnRole(principal, r.id) }]),
      ),
      defaultPassword,
    };
  }
}
