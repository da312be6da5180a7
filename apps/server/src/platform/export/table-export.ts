import { PassThrough, type Writable } from 'node:stream';
import { once } from 'node:events';
import type ExcelJS from 'exceljs';
import { loadExcelJs } from './exceljs.js';
import type { ExportColumn, ExportFormat } from '@lintel/contracts';
import { attachmentHeaders } from '../http/download.js';

/** The export formats, columns and request fields are part of the wire (@lintel/contracts). */
export { EXPORT_FORMATS, type ExportFormat } from '@lintel/contracts';
export { ExportColumn, ExportFields, type ExportOptions } from '@lintel/contracts/wire';

const CONTENT_TYPES: Record<ExportFormat, string> = {
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  csv: 'text/csv; charset=utf-8',
  html: 'text/html; charset=utf-8',
  xml: 'application/xml; charset=utf-8',
  txt: 'text/plain; charset=utf-8',
};

export type Cell = string | number | boolean | null | undefined | Date;

/**
 * The columns to write: those asked for (in that order) that the table allows and the caller's field
 * blacklist does not hide; unknown or hidden keys are dropped rather than refused, so a saved column
 * layout keeps working after a grant changes.
 */
export function exportColumns(
  allowed: readonly string[],
  hidden: readonly string[] | undefined,
  asked: ExportColumn[] | undefined,
): ExportColumn[] {
  const blocked = new Set(hidden ?? []);
  const known = new Set(allowed);
  const wanted = asked ?? allowed.map((key) => ({ key, title: key }));
  return wanted.filter((c) => known.has(c.key) && !blocked.has(c.key));
}

/** `name.ext` as a download. */
export function exportHeaders(format: ExportFormat, baseName: string): Record<string, string> {
  return attachmentHeaders(`${baseName}.${format}`, CONTENT_TYPES[format]);
}

const text = (value: Cell): string =>
  value === null || value === undefined ? '' : value instanceof Date ? value.toISOString() : String(value);

/** A cell that a spreadsheet would run as a formula is written as text (CSV injection). */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const csvCell = (value: Cell) => {
  const s = inert(text(value));
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};
const escapeXml = (value: string) =>
  value.replace(
    /[<>&"']/g,
    (c) => ({ '<': '&lt;', '>': '&gt;', '&': '&amp;', '"': '&quot;', "'": '&apos;' })[c]!,
  );
// XML 1.0 forbids most control characters even when escaped.
// eslint-disable-next-line no-control-regex -- matching those characters is the point
const XML_FORBIDDEN = /[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g;
const xmlText = (value: Cell) => escapeXml(text(value).replace(XML_FORBIDDEN, ''));

/**
 * Writes rows as they arrive, in any of the five formats, to a stream the caller sends: memory
 * stays flat however many rows there are (the xlsx writer commits each row as it goes).
 */
export class TableWriter {
  private workbook?: ExcelJS.stream.xlsx.WorkbookWriter;
  private sheet?: ExcelJS.Worksheet;

  constructor(
    private readonly format: ExportFormat,
    private readonly columns: ExportColumn[],
    private readonly out: Writable,
    private readonly sheetName = 'Sheet1',
  ) {}

  async start(): Promise<void> {
    const titles = this.columns.map((c) => c.title || c.key);
    switch (this.format) {
      case 'xlsx': {
        const excel = await loadExcelJs();
        this.workbook = new excel.stream.xlsx.WorkbookWriter({ stream: this.out, useSharedStrings: false });
        this.sheet = this.workbook.addWorksheet(this.sheetName.slice(0, 31));
        this.sheet.columns = this.columns.map((c) => ({ header: c.title || c.key, key: c.key, width: 18 }));
        this.sheet.getRow(1).font = { bold: true };
        this.sheet.getRow(1).commit();
        return;
      }
      case 'csv':
        // The byte order mark makes Excel read the file as UTF-8.
        return this.write(`\ufeff${titles.map(csvCell).join(',')}\r\n`);
      case 'txt':
        return this.write(`${titles.join('\t')}\n`);
      case 'html':
        return this.write(
          `<!doctype html><html><head><meta charset="utf-8"><title>${escapeXml(this.sheetName)}</title></head>` +
            `<body><table border="1"><thead><tr>${titles.map((t) => `<th>${escapeXml(t)}</th>`).join('')}</tr></thead><tbody>\n`,
        );
      case 'xml':
        return this.write(`<?xml version="1.0" encoding="UTF-8"?>\n<rows>\n`);
    }
  }

  async row(values: Record<string, Cell>): Promise<void> {
    const cells = this.columns.map((c) => values[c.key]);
    switch (this.format) {
      case 'xlsx':
        this.sheet!.addRow(cells.map((v) => (typeof v === 'string' ? inert(v) : (v ?? null)))).commit();
        // The writer pushes into `out` synchronously; wait when the reader is behind.
        if (this.out.writableNeedDrain) await once(this.out, 'drain');
        return;
      case 'csv':
        return this.write(`${cells.map(csvCell).join(',')}\r\n`);
      case 'txt':
        return this.write(`${cells.map((v) => text(v).replace(/[\t\r\n]+/g, ' ')).join('\t')}\n`);
      case 'html':
        return this.write(`<tr>${cells.map((v) => `<td>${escapeXml(text(v))}</td>`).join('')}</tr>\n`);
      case 'xml':
        return this.write(
          `<row>${this.columns.map((c, i) => `<${c.key}>${xmlText(cells[i])}</${c.key}>`).join('')}</row>\n`,
        );
    }
  }

  async end(): Promise<void> {
    switch (this.format) {
      case 'xlsx':
        this.sheet!.commit();
        await this.workbook!.commit();
        return;
      case 'html':
        await this.write('</tbody></table></body></html>\n');
        break;
      case 'xml':
        await this.write('</rows>\n');
        break;
      default:
        break;
    }
    this.out.end();
  }

  private async write(chunk: string): Promise<void> {
    if (!this.out.write(chunk)) await once(this.out, 'drain');
  }
}

/**
 * Runs a producer that writes into a fresh stream and returns the stream at once, for the reply to
 * send while rows are still being read. A failure after the first bytes ends the download early
 * (the client sees a truncated file and the log has the error); before, the stream errors.
 */
export function streamExport(
  produce: (out: PassThrough) => Promise<void>,
  onError: (error: unknown) => void,
) {
  const out = new PassThrough({ highWaterMark: 256 * 1024 });
  produce(out).catch((error: unknown) => {
    onError(error);
    out.destroy(error instanceof Error ? error : new Error(String(error)));
  });
  return out;
}
