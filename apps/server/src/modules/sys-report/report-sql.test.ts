import { describe, expect, it } from 'vitest';
import type { ReportSqlError } from './report-sql.js';
import { parseReportSql, sqlParamNames } from './report-sql.js';

const keyOf = (text: string) => {
  try {
    parseReportSql(text);
    return 'ok';
  } catch (error) {
    return (error as ReportSqlError).key;
  }
};

describe('parseReportSql', () => {
  it('finds :name parameters outside strings, comments, casts and dollar quotes', () => {
    const parts = parseReportSql(
      "select ':no', $q$ :no $q$, x::int /* :no */ from t where a = :one and b = :two -- :no\n and c = :one;",
    );
    expect(sqlParamNames(parts)).toEqual(['one', 'two']);
    expect(parts.map((p) => ('text' in p ? p.text : `?${p.param}`)).join('')).toBe(
      "select ':no', $q$ :no $q$, x::int /* :no */ from t where a = ?one and b = ?two -- :no\n and c = ?one",
    );
  });

  it.each([
    ['select 1; select 2', 'sysReport.multipleStatements'],
    ['insert into t values (1)', 'sysReport.readOnly'],
    ['  /* x */ ALTER table t add c int', 'sysReport.readOnly'],
    ['select pg_catalog.set_config($$a$$, $$b$$, true)', 'sysReport.forbiddenFunction'],
    ["select \"set_config\"('a', 'b', true)", 'sysReport.forbiddenFunction'],
    ['select U&"\\0073et_config"(1)', 'sysReport.forbiddenFunction'],
    ["select query_to_xml('select 1', true, true, '')", 'sysReport.forbiddenFunction'],
    ["select 'open", 'sysReport.unterminated'],
    ['select $1', 'sysReport.positionalParam'],
    ['-- nothing', 'sysReport.sqlEmpty'],
    ["select ';' as semicolon; -- trailing", 'ok'],
    ['with a as (select 1) select * from a', 'ok'],
  ])('%s → %s', (text, key) => {
    expect(keyOf(text)).toBe(key);
  });
});
