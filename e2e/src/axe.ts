import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { AxeResults, ImpactValue, RunOptions } from 'axe-core';
import type { Page } from 'playwright-core';
import { expect } from 'vitest';

const require = createRequire(import.meta.url);
const AXE_SOURCE = readFileSync(require.resolve('axe-core/axe.min.js'), 'utf8');

/** WCAG 2.1 levels A and AA: what the suite holds every page to. */
export const WCAG_21_AA = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa'];

/** Impacts that fail a page; moderate and minor ones are reported only. */
export const FAILING: ImpactValue[] = ['serious', 'critical'];

/**
 * A rule that may not apply to an exact element, with the reason: markup of a library we cannot
 * change from our side. Kept to a minimum and each one explained where it is declared.
 */
export interface AxeException {
  rule: string;
  /** A CSS selector the offending element matches. */
  selector: string;
  why: string;
}

export interface AxeFinding {
  rule: string;
  impact: ImpactValue | null;
  /** A WCAG 2.1 A/AA rule (else one of axe's best practices, reported but never failing). */
  wcag: boolean;
  help: string;
  /** Each offending element: its selector and a short failure summary. */
  nodes: { target: string; summary: string }[];
}

/**
 * Runs axe-core in the page (WCAG 2.1 A/AA rules, and axe's best practices to report) within `include` (the whole document by default).
 * axe is evaluated through the DevTools protocol, which the product's Content-Security-Policy does
 * not govern: the policy itself (script-src 'self', no eval) stays as the product serves it.
 */
export async function runAxe(
  page: Page,
  { include, exceptions = [] }: { include?: string; exceptions?: AxeException[] } = {},
): Promise<AxeFinding[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE_SOURCE);
  const options: RunOptions = {
    runOnly: { type: 'tag', values: [...WCAG_21_AA, 'best-practice'] },
    resultTypes: ['violations'],
  };
  return page.evaluate(
    async ({ include, options, exceptions, wcagTags }) => {
      const axe = (window as unknown as { axe: { run(c: unknown, o: unknown): Promise<AxeResults> } }).axe;
      const results = await axe.run(include ? { include: [include] } : document, options);
      const excused = (rule: string, target: unknown) => {
        const el = typeof target === 'string' ? document.querySelector(target) : null;
        return exceptions.some((e) => e.rule === rule && !!el?.matches(e.selector));
      };
      return results.violations
        .map((v) => ({
          rule: v.id,
          impact: v.impact ?? null,
          wcag: v.tags.some((tag) => wcagTags.includes(tag)),
          help: v.help,
          nodes: v.nodes
            .filter((n) => !excused(v.id, n.target.at(-1)))
            .map((n) => ({
              target: n.target.map(String).join(' >>> '),
              summary: (n.failureSummary ?? '').replace(/\s+/g, ' ').slice(0, 300),
            })),
        }))
        .filter((v) => v.nodes.length > 0);
    },
    { include, options, exceptions, wcagTags: WCAG_21_AA },
  );
}

/** One line per finding, then its elements (at most five), for the test output. */
export function describeFindings(where: string, findings: AxeFinding[]): string {
  if (findings.length === 0) return `[a11y] ${where}: no violations`;
  const lines = [`[a11y] ${where}: ${findings.length} rule(s) violated`];
  for (const f of findings) {
    const kind = f.wcag ? '' : ' [best practice]';
    lines.push(`  ${f.impact ?? '?'} ${f.rule}${kind} (${f.nodes.length}): ${f.help}`);
    for (const n of f.nodes.slice(0, 5)) lines.push(`      ${n.target} — ${n.summary}`);
  }
  return lines.join('\n');
}

/** The findings that fail a page: serious or critical breaches of a WCAG 2.1 A/AA rule. */
export const failing = (findings: AxeFinding[]) =>
  findings.filter((f) => f.wcag && f.impact !== null && FAILING.includes(f.impact));

/** The page (or the part of it `include` selects) passes axe's WCAG 2.1 AA rules as it stands. */
export async function expectAccessible(page: Page, where: string, include?: string) {
  const findings = await runAxe(page, { include, exceptions: [] });
  expect(failing(findings), describeFindings(where, findings)).toEqual([]);
}
