/** Test helpers for export suites (not a test file itself). */

/** The lines of a CSV export: byte order mark and final line break removed, split on CRLF. */
export const csvLines = (body: string): string[] =>
  body
    .replace(/^\ufeff/, '')
    .trim()
    .split('\r\n');
