import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { ARTIFACTS_DIR, launchBrowser } from './browser.js';

const baseUrl = inject('baseUrl');
const LOCALES_DIR = new URL('../../apps/web/src/locales/', import.meta.url);
/** Every locale the web app ships: one core messages file each. */
const LOCALES = readdirSync(LOCALES_DIR)
  .filter((f) => f.endsWith('.json'))
  .map((f) => f.slice(0, -'.json'.length))
  .sort();

/** The rail's first-level menu names in a locale (the core file's `routes`). */
const routesOf = (locale: string): Record<string, string> =>
  (
    JSON.parse(readFileSync(new URL(`${locale}.json`, LOCALES_DIR), 'utf8')) as {
      routes: Record<string, string>;
    }
  ).routes;

interface Label {
  text: string;
  /** Each rendered line's text. */
  lines: string[];
  /** Offsets in the text where a line starts that are not word boundaries. */
  midWord: number[];
  fontPx: number;
  /** A word overflows the tile (then it must end in an ellipsis, the tile's title naming it all). */
  clipped: boolean;
  ellipsis: boolean;
  title: string | null;
}

/**
 * Lays the rail's labels out as rendered: each label's lines (a line starts where a character's box
 * drops below the one before), and whether each line starts on a word boundary as Intl.Segmenter
 * finds them for the locale (spaces, and the words of Chinese, Japanese and Thai).
 */
const measure = (page: Page, locale: string): Promise<Label[]> =>
  page.evaluate((lang) => {
    const segmenter = new Intl.Segmenter(lang, { granularity: 'word' });
    const labels = document.querySelectorAll<HTMLElement>('[data-testid="columns-rail"] [data-rail-label]');
    return Array.from(labels).map((el) => {
      const text = el.textContent ?? '';
      const boundaries = new Set<number>([0, text.length]);
      for (const s of Array.from(segmenter.segment(text))) {
        boundaries.add(s.index);
        boundaries.add(s.index + s.segment.length);
      }
      const starts: number[] = [];
      let offset = 0;
      let lastTop = -Infinity;
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const value = node.nodeValue ?? '';
        for (let i = 0; i < value.length; i++) {
          if (/\s/.test(value[i]!)) continue;
          const range = document.createRange();
          range.setStart(node, i);
          range.setEnd(node, i + 1);
          const rect = range.getClientRects()[0];
          if (rect && rect.top > lastTop + rect.height / 2) {
            starts.push(offset + i);
            lastTop = rect.top;
          }
        }
        offset += value.length;
      }
      const lines = starts.map((s, i) => text.slice(s, starts[i + 1] ?? text.length).trim());
      const style = getComputedStyle(el);
      return {
        text,
        lines,
        midWord: starts.filter((s) => !boundaries.has(s)),
        fontPx: parseFloat(style.fontSize),
        // Fractions of a pixel count (scrollWidth would round them away).
        clipped: (() => {
          const all = document.createRange();
          all.selectNodeContents(el);
          return all.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
        })(),
        ellipsis: style.textOverflow === 'ellipsis',
        title: el.closest('button')?.getAttribute('title') ?? null,
      };
    });
  }, locale);

/**
 * Issue 9: the columns layout's rail (the tenant default) in each of the 19 locales. No label breaks
 * inside a word: lines break at spaces, or between the words of scripts written without them; a
 * word too wide for the tile shrinks the font (to 10 px at least) and then ends in an ellipsis, the
 * tile's tooltip naming the whole label. Each locale's rail is saved as rail-<locale>.png.
 */
describe('the side-menu rail in every locale', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 800 } });
    await page.goto(`${baseUrl}/login`);
    await page.getByPlaceholder('用户名或邮箱').fill('superAdmin');
    await page.getByPlaceholder('密码').fill('Lintel@2026');
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/dashboard\/home$/);
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('ships 19 locales', () => expect(LOCALES).toHaveLength(19));

  it.each(LOCALES)('%s', async (locale) => {
    await page.evaluate((l) => localStorage.setItem('lintel:locale', JSON.stringify(l)), locale);
    await page.reload();
    const rail = page.getByTestId('columns-rail');
    await rail.getByText(routesOf(locale).dashboard!, { exact: true }).waitFor();
    const labels = await measure(page, locale);
    expect(labels.length).toBeGreaterThanOrEqual(4);
    console.log(
      `[rail] ${locale}: ` +
        labels
          .map((l) => {
            const cut = l.clipped || l.lines.length > 2 ? ', ellipsis' : '';
            return `${l.lines.join(' / ')} (${l.fontPx}px${cut})`;
          })
          .join(' | '),
    );
    mkdirSync(ARTIFACTS_DIR, { recursive: true });
    await rail.screenshot({ path: path.join(ARTIFACTS_DIR, `rail-${locale}.png`) });
    for (const label of labels) {
      expect(
        label.midWord,
        `${locale} "${label.text}" breaks inside a word: ${label.lines.join(' / ')}`,
      ).toEqual([]);
      expect(label.fontPx).toBeGreaterThanOrEqual(10);
      // Cut short (a word too wide, or more than the two lines shown): an ellipsis shows it, and
      // the tile's tooltip says the whole label.
      if (label.clipped || label.lines.length > 2) {
        expect(label.ellipsis).toBe(true);
        expect(label.title).toBe(label.text);
      }
    }
  });
});
