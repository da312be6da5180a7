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
  /** Ratio to a bare route answering the same bytes in the same run (same-bytes.ts), GET routes. */
  ratioToSameBytes: number | null;
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
      ratioToSameBytes:
        outcome.ok && outcome.sameBytes && outcome.sameBytes.rps > 0
          ? round(outcome.rps / outcome.sameBytes.rps, 3)
          : null,
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
    'vs bytes',
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
    show(row.ratioToSameBytes),
    show(row.non2xx),
    show(row.errors),
    show(row.cpuUsPerReq),
    row.target ? `${row.verdict.toUpperCase()} (${row.target})` : '',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, i) => (i >= 2 && i <= 9 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
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

/** min/median/max of one ratio of one scenario over the runs. */
export interface Spread {
  name: string;
  db: string;
  ratio: [number, number, number] | null;
  vsBytes: [number, number, number] | null;
  target: string | null;
  /** The target met by the median run. */
  verdict: Verdict;
}

function minMedianMax(values: (number | null)[]): [number, number, number] | null {
  const known = values.filter((v): v is number => v !== null).sort((a, b) => a - b);
  if (known.length === 0 || known.length < values.length) return null;
  return [known[0]!, known[Math.floor((known.length - 1) / 2)]!, known[known.length - 1]!];
}

/** The spread of each scenario's ratios over several runs (`npm run bench -- --runs 3`). */
export function ratioSpread(runs: Row[][]): Spread[] {
  return runs[0]!.map((first) => {
    const same = runs.map((rows) => rows.find((r) => r.name === first.name && r.db === first.db));
    const ratio = minMedianMax(same.map((r) => r?.ratioToBaseline ?? null));
    const target = TARGETS[first.name as keyof typeof TARGETS];
    return {
      name: first.name,
      db: first.db,
      ratio,
      vsBytes: minMedianMax(same.map((r) => r?.ratioToSameBytes ?? null)),
      target: target?.describe ?? null,
      verdict:
        !target || target.kind !== 'ratio'
          ? 'n/a'
          : ratio !== null && ratio[1] >= target.min
            ? 'pass'
            : 'miss',
    };
  });
}

export function formatSpread(spread: Spread[]): string {
  const cell = (v: [number, number, number] | null) => (v ? v.join(' / ') : '-');
  const rows = spread
    .filter((s) => s.name !== 'baseline')
    .map((s) => [
      s.name,
      s.db,
      cell(s.ratio),
      cell(s.vsBytes),
      s.target && s.verdict !== 'n/a' ? `${s.verdict.toUpperCase()} (${s.target}, median)` : '',
    ]);
  const header = ['scenario', 'db', 'ratio min / median / max', 'vs bytes min / median / max', 'target'];
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const format = (cells: string[]) =>
    cells
      .map((c, i) => c.padEnd(widths[i]!))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(format)].join('\n');
}
