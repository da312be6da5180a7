/** What an import endpoint answers (SPEC 2 "List toolbars": import with a per-row error report). */
export interface ImportRowError {
  /** The spreadsheet row (1-based, as the spreadsheet shows it). */
  row: number;
  /** The row's key value (the account name), when it could be read. */
  account: string | null;
  /** Why the row was not imported, already in the user's language. */
  messages: string[];
}

export interface ImportResult {
  total: number;
  imported: number;
  failed: number;
  errors: ImportRowError[];
}

/** SPEC 5: uploads are no larger than 10 MB. */
export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;

/** Why a picked file cannot be uploaded, as a message key, or null when it may go. */
export function uploadProblem(file: { name: string; size: number }): 'notXlsx' | 'tooLarge' | 'empty' | null {
  if (!/\.xlsx$/i.test(file.name)) return 'notXlsx';
  if (file.size > MAX_UPLOAD_BYTES) return 'tooLarge';
  if (file.size === 0) return 'empty';
  return null;
}

/** A cell a spreadsheet would run as a formula is written as text (CSV injection). */
const inert = (value: string) => (/^[=+\-@\t\r]/.test(value) ? `'${value}` : value);

const csvCell = (value: string) => {
  const s = inert(value);
  return /[",\r\n]/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
};

/**
 * The failed rows as CSV: a heading line, then one line per row (its messages joined); UTF-8 with a
 * byte order mark so spreadsheet programs read non-Latin text right, CRLF line ends (RFC 4180).
 */
export function errorReportCsv(
  errors: readonly ImportRowError[],
  headings: { row: string; account: string; messages: string },
): string {
  const lines = [
    [headings.row, headings.account, headings.messages],
    ...errors.map((e) => [String(e.row), e.account ?? '', e.messages.join('; ')]),
  ];
  return '\uFEFF' + lines.map((cells) => cells.map(csvCell).join(',')).join('\r\n') + '\r\n';
}

/** The report's file name beside the uploaded one: `accounts.xlsx` gives `accounts-errors.csv`. */
export const errorReportName = (uploaded: string) =>
  `${uploaded.replace(/\.[^.]*$/, '') || 'import'}-errors.csv`;
