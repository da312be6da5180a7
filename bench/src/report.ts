import type { Outcome } from './scenarios.js';
import { TARGETS, verdict, type Verdict } from './targets.js';

/** One row of the report, as printed and as written to JSON. */
export interface Row {
  name: string;
  db: string;
  rps: number | null;
  p50Ms: number | null;
  p99Ms: number | null;
  ratioToBaseline: number | null;
  non2xx: number | null;
  errors: number | null;
  statuses: Record<string, number>;
  cpuUsPerReq: number | null;
  target: string | null;
  verdict: Verdict;
  /** Why the scenario is not a measurement (a route that fails, too many errors). */
  failure?: string;
}

const round = (value: number, digits: number) => Number(value.toFixed(digits));

export function toRows(outcomes: Outcome[]): Row[] {
  const baseline = outcomes.find((o) => o.scenario.name === 'baseline' && o.ok);
  const baselineRps = baseline?.rps ?? 0;
  return outcomes.map((outcome) => {
    const measured = outcome.ok;
    const ratio = measured && baselineRps > 0 ? round((outcome.rps ?? 0) / baselineRps, 3) : null;
    return {
      name: outcome.scenario.name,
      db: outcome.scenario.db,
      rps: outcome.rps === undefined ? null : round(outcome.rps, 1),
      p50Ms: outcome.p50Ms ?? null,
      p99Ms: outcome.p99Ms ?? null,
      ratioToBaseline: ratio,
      non2xx: outcome.non2xx ?? null,
      errors: outcome.errors ?? null,
      statuses: outcome.statuses ?? {},
      cpuUsPerReq: outcome.cpuUsPerReq === undefined ? null : Math.round(outcome.cpuUsPerReq),
      target: TARGETS[outcome.scenario.name]?.describe ?? null,
      verdict: verdict(outcome, ratio),
      ...(outcome.ok ? {} : { failure: outcome.failure }),
    };
  });
}

const show = (value: number | null) => (value === null ? '-' : String(value));

export function formatTable(rows: Row[]): string {
  const header = [
    'scenario',
    'db',
    'req/s',
    'p50 ms',
    'p99 ms',
    'ratio',
    'non-2xx',
    'errors',
    'cpu µs/req',
    'target',
  ];
  const lines = rows.map((row) => [
    row.name,
    row.db,
    show(row.rps),
    show(row.p50Ms),
    show(row.p99Ms),
    show(row.ratioToBaseline),
    show(row.non2xx),
    show(row.errors),
    show(row.cpuUsPerReq),
    row.target ? `${row.verdict.toUpperCase()} (${row.target})` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 2 && i <= 8 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join('  ')
      .trimEnd();
  const out = [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)];
  for (const row of rows.filter((r) => r.failure)) {
    out.push(`FAILED ${row.name} (${row.db}): ${row.failure}`);
  }
  return out.join('\n');
}

/**
 * The `--json` last line of every bench script: one JSON object of every figure it printed (progress
 * goes to stderr, so stdout ends with this line).
 */
export function printJsonLine(figures: Record<string, unknown>): void {
  console.log(JSON.stringify(figures));
}
