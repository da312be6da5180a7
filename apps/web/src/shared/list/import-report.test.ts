import { describe, expect, it } from 'vitest';
import { errorReportCsv, errorReportName, MAX_UPLOAD_BYTES, uploadProblem } from './import-report';

describe('import file checks', () => {
  it('takes .xlsx files up to 10 MB only', () => {
    expect(uploadProblem({ name: 'a.XLSX', size: 10 })).toBeNull();
    expect(uploadProblem({ name: 'a.xls', size: 10 })).toBe('notXlsx');
    expect(uploadProblem({ name: 'a.xlsx.csv', size: 10 })).toBe('notXlsx');
    expect(uploadProblem({ name: 'a.xlsx', size: MAX_UPLOAD_BYTES })).toBeNull();
    expect(uploadProblem({ name: 'a.xlsx', size: MAX_UPLOAD_BYTES + 1 })).toBe('tooLarge');
    expect(uploadProblem({ name: 'a.xlsx', size: 0 })).toBe('empty');
  });
});

describe('error report', () => {
  it('is CSV with a byte order mark, quoted where needed and inert to formulas', () => {
    const csv = errorReportCsv(
      [
        { row: 3, account: 'zhang', messages: ['账号已存在', 'Phone "x", invalid'] },
        { row: 7, account: null, messages: ['Account is required'] },
        { row: 9, account: '=cmd|x', messages: ['line\nbreak'] },
      ],
      { row: 'Row', account: 'Account', messages: 'Problems' },
    );
    expect(csv.charCodeAt(0)).toBe(0xfeff);
    expect(csv.slice(1).split('\r\n')).toEqual([
      'Row,Account,Problems',
      '3,zhang,"账号已存在; Phone ""x"", invalid"',
      '7,,Account is required',
      `9,'=cmd|x,"line\nbreak"`,
      '',
    ]);
  });

  it('is named after the uploaded file', () => {
    expect(errorReportName('accounts.xlsx')).toBe('accounts-errors.csv');
    expect(errorReportName('.xlsx')).toBe('import-errors.csv');
  });
});
