import type { Principal } from '../auth/principal.js';
import type { Cache } from '../cache/cache.js';
import { loadExcelJs } from './exceljs.js';

/** The reasons one row of an uploaded sheet was refused (row numbers as the spreadsheet shows them). */
export interface RowErrors {
  row: number;
  messages: string[];
}

/** Long enough to read the report and fix the file; the workbook may hold personal data. */
export const ERROR_BOOK_TTL_SECONDS = 30 * 60;
const keyOf = (principal: Principal) => `import:errorBook:${principal.tenantId}:${principal.userId}`;

const ERROR_FILL = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFFFC7CE' } } as const;
const ERROR_FONT = { color: { argb: 'FF9C0006' } } as const;

/**
 * The uploaded workbook as its author sent it, with the refused rows of its first sheet marked: each
 * cell filled red and the reasons written in a column added after the last one (headed `header`).
 * Good rows are left as they are, so the author fixes the marked ones and uploads the file again.
 */
export async function markImportErrors(
  data: Buffer,
  errors: readonly RowErrors[],
  header: string,
): Promise<Buffer> {
  const book = new (await loadExcelJs()).Workbook();
  await book.xlsx.load(data as unknown as ArrayBuffer);
  const sheet = book.worksheets[0]!;
  const reasons = sheet.columnCount + 1;
  const head = sheet.getRow(1).getCell(reasons);
  head.value = header;
  head.font = { bold: true, ...ERROR_FONT };
  sheet.getColumn(reasons).width = 48;
  for (const { row, messages } of errors) {
    const line = sheet.getRow(row);
    for (let column = 1; column < reasons; column++) line.getCell(column).fill = ERROR_FILL;
    const cell = line.getCell(reasons);
    cell.value = messages.join('; ');
    cell.font = ERROR_FONT;
    cell.alignment = { wrapText: true, vertical: 'top' };
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

/**
 * The error-marked workbook of an account's last import (Admin.NET's per-user Excel temp), kept in
 * the shared cache so any API process can hand it out (sysCommon/downloadErrorExcelTemp). An import
 * without errors drops the previous one: the download never answers an older file.
 */
export class ImportErrorBooks {
  constructor(private readonly cache: Cache) {}

  async keep(principal: Principal, book: Buffer | null): Promise<void> {
    if (book) await this.cache.set(keyOf(principal), book.toString('base64'), ERROR_BOOK_TTL_SECONDS);
    else await this.cache.del(keyOf(principal));
  }

  async read(principal: Principal): Promise<Buffer | undefined> {
    const stored = await this.cache.get<string>(keyOf(principal));
    return stored === undefined ? undefined : Buffer.from(stored, 'base64');
  }
}
