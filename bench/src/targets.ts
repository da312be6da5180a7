import type { Outcome, ScenarioName } from './scenarios.js';

/** What each scenario should reach on the reference machine (ARCHITECTURE.md, "Measured"). */
export type Target =
  { kind: 'ratio'; min: number; describe: string } | { kind: 'p99'; maxMs: number; describe: string };

export const TARGETS: Partial<Record<ScenarioName, Target>> = {
  userInfo: { kind: 'ratio', min: 0.6, describe: '>= 0.6 x baseline rps' },
  loginMenuTree: { kind: 'ratio', min: 0.5, describe: '>= 0.5 x baseline rps' },
  login: { kind: 'p99', maxMs: 250, describe: 'p99 < 250 ms at 16 connections' },
};

export type Verdict = 'pass' | 'miss' | 'n/a';

export function verdict(outcome: Outcome, ratioToBaseline: number | null): Verdict {
  const target = TARGETS[outcome.scenario.name];
  if (!target) return 'n/a';
  if (!outcome.ok) return 'miss';
  if (target.kind === 'ratio')
    return ratioToBaseline !== null && ratioToBaseline >= target.min ? 'pass' : 'miss';
  return outcome.p99Ms < target.maxMs ? 'pass' : 'miss';
}
