import type ExcelJS from 'exceljs';

/**
 * exceljs, loaded when a spreadsheet is first read or written: it is one of the heaviest modules of
 * the server (about half a second to import), and most processes and most requests never need it.
 */
export function loadExcelJs(): Promise<typeof ExcelJS> {
  return import('exceljs').then((module) => module.default);
}
