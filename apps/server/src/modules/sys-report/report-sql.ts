/**
 * Reads a report's SQL text without running it: splits it into text and named parameters (`:name`)
 * so values are bound, never spliced, and refuses what a report must never be. The lexer knows
 * PostgreSQL's quoting (strings, E'' strings, dollar quotes, quoted identifiers, comments) so a
 * `:name` or `;` inside a string or a comment is left alone, and `::type` casts are not parameters.
 *
 * What it refuses (as message keys of messages/sysReport):
 * - more than one statement (`;` followed by anything but blanks and comments);
 * - a statement that does not start with SELECT, WITH, VALUES or TABLE (writes and DDL: the
 *   read-only transaction and the report role refuse them as well, this says why up front);
 * - functions that change settings or run SQL given as text (set_config, query_to_xml, ts_stat…):
 *   inside one statement they could switch the tenant the row-level security reads
 *   (app.tenant_id) before a later scan. Unicode-escaped identifiers (U&"…") too, as they would hide
 *   such a name.
 */

export type SqlPart = { text: string } | { param: string };

export class ReportSqlError extends Error {
  override name = 'ReportSqlError';
  constructor(
    readonly key:
      | 'sysReport.multipleStatements'
      | 'sysReport.readOnly'
      | 'sysReport.forbiddenFunction'
      | 'sysReport.sqlEmpty'
      | 'sysReport.unterminated'
      | 'sysReport.positionalParam',
    readonly params: Record<string, string> = {},
  ) {
    super(key);
  }
}

const LEADING = new Set(['select', 'with', 'values', 'table']);
const FORBIDDEN = new Set([
  'set_config',
  'query_to_xml',
  'query_to_xmlschema',
  'query_to_xml_and_xmlschema',
  'cursor_to_xml',
  'cursor_to_xmlschema',
  'ts_stat',
  'ts_rewrite',
  'dblink',
  'dblink_exec',
  'dblink_open',
  'dblink_send_query',
  'lo_import',
  'lo_export',
  'pg_read_file',
  'pg_read_binary_file',
  'pg_ls_dir',
  'pg_terminate_backend',
  'pg_cancel_backend',
  'pg_advisory_lock',
  'pg_advisory_xact_lock',
]);

const IDENT_START = /[A-Za-z_\u0080-\uffff]/;
const IDENT_PART = /[A-Za-z0-9_$\u0080-\uffff]/;

/** Splits `text` into SQL and parameter references; throws ReportSqlError on what a report may not be. */
export function parseReportSql(source: string): SqlPart[] {
  const parts: SqlPart[] = [];
  let chunk = '';
  let firstWord: string | undefined;
  let i = 0;
  const n = source.length;
  const flush = () => {
    if (chunk) parts.push({ text: chunk });
    chunk = '';
  };
  const skipTo = (end: number) => {
    if (end < 0) throw new ReportSqlError('sysReport.unterminated');
    chunk += source.slice(i, end);
    i = end;
  };
  while (i < n) {
    const c = source[i]!;
    const next = source[i + 1];
    if (c === '-' && next === '-') {
      const end = source.indexOf('\n', i);
      skipTo(end < 0 ? n : end);
    } else if (c === '/' && next === '*') {
      skipTo(blockCommentEnd(source, i));
    } else if (c === "'") {
      const escapes = /[eE]/.test(source[i - 1] ?? '') && !IDENT_PART.test(source[i - 2] ?? '');
      skipTo(stringEnd(source, i, escapes));
    } else if (c === '"') {
      const end = quotedEnd(source, i);
      const name = source.slice(i + 1, end - 1).replace(/""/g, '"');
      if (/[uU]&$/.test(source.slice(Math.max(0, i - 2), i)))
        throw new ReportSqlError('sysReport.forbiddenFunction', { name: `U&"${name}"` });
      if (FORBIDDEN.has(name)) throw new ReportSqlError('sysReport.forbiddenFunction', { name });
      firstWord ??= name.toLowerCase();
      skipTo(end);
    } else if (c === '$' && !IDENT_PART.test(source[i - 1] ?? ' ')) {
      const tag = /^\$([A-Za-z_][A-Za-z0-9_]*)?\$/.exec(source.slice(i));
      if (/^\$\d/.test(source.slice(i))) throw new ReportSqlError('sysReport.positionalParam');
      if (tag) {
        const close = source.indexOf(tag[0], i + tag[0].length);
        skipTo(close < 0 ? -1 : close + tag[0].length);
      } else {
        chunk += c;
        i++;
      }
    } else if (c === ':' && next === ':') {
      chunk += '::';
      i += 2;
    } else if (c === ':' && next !== undefined && IDENT_START.test(next) && source[i - 1] !== ':') {
      let end = i + 1;
      while (end < n && /[A-Za-z0-9_]/.test(source[end]!)) end++;
      flush();
      parts.push({ param: source.slice(i + 1, end) });
      i = end;
    } else if (c === ';') {
      if (!blankRest(source, i + 1)) throw new ReportSqlError('sysReport.multipleStatements');
      i = n;
    } else if (IDENT_START.test(c)) {
      let end = i + 1;
      while (end < n && IDENT_PART.test(source[end]!)) end++;
      const word = source.slice(i, end).toLowerCase();
      if (FORBIDDEN.has(word)) throw new ReportSqlError('sysReport.forbiddenFunction', { name: word });
      firstWord ??= word;
      chunk += source.slice(i, end);
      i = end;
    } else {
      chunk += c;
      i++;
    }
  }
  flush();
  if (!firstWord) throw new ReportSqlError('sysReport.sqlEmpty');
  if (!LEADING.has(firstWord))
    throw new ReportSqlError('sysReport.readOnly', { word: firstWord.toUpperCase() });
  return parts;
}

/** The names of the parameters a text uses, once each, in order of first use. */
export const sqlParamNames = (parts: SqlPart[]): string[] => [
  ...new Set(parts.flatMap((p) => ('param' in p ? [p.param] : []))),
];

function blockCommentEnd(source: string, start: number): number {
  let depth = 0;
  for (let i = start; i < source.length - 1; i++) {
    if (source[i] === '/' && source[i + 1] === '*') {
      depth++;
      i++;
    } else if (source[i] === '*' && source[i + 1] === '/') {
      depth--;
      i++;
      if (depth === 0) return i + 1;
    }
  }
  return -1;
}

function stringEnd(source: string, start: number, escapes: boolean): number {
  for (let i = start + 1; i < source.length; i++) {
    if (escapes && source[i] === '\\') i++;
    else if (source[i] === "'") {
      if (source[i + 1] === "'") i++;
      else return i + 1;
    }
  }
  return -1;
}

function quotedEnd(source: string, start: number): number {
  for (let i = start + 1; i < source.length; i++) {
    if (source[i] === '"') {
      if (source[i + 1] === '"') i++;
      else return i + 1;
    }
  }
  throw new ReportSqlError('sysReport.unterminated');
}

/** Whether only blanks and comments follow. */
function blankRest(source: string, from: number): boolean {
  const rest = source
    .slice(from)
    .replace(/--[^\n]*/g, '')
    .replace(/\/\*[\s\S]*?\*\//g, '');
  return rest.trim() === '' || /^;*$/.test(rest.replace(/\s/g, ''));
}
