import type { Locator, Page } from 'playwright-core';
import { expect } from 'vitest';

/**
 * What each demo page must draw, by its view (the menu's component): the widget itself, not the
 * intro text every card has, so a page whose editor, chart, grid or panes fail to render fails
 * the browser test. A demo without an entry here fails it too (see demo-menus.test.ts).
 */
type Check = (page: Page) => Promise<void>;

const atLeast = (locator: Locator, min: number, label: string) =>
  expect.poll(() => locator.count(), { timeout: 10_000, message: label }).toBeGreaterThanOrEqual(min);

/** An image that has loaded and decoded (a broken source has no natural width). */
const loadedImage = (image: Locator, label: string) =>
  expect
    .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0), {
      timeout: 10_000,
      message: label,
    })
    .toBe(true);

/** An echarts chart drawn by the SVG renderer: its svg holds drawn paths. */
const drawnChart = (page: Page, testId: string) =>
  atLeast(page.getByTestId(testId).locator('svg path'), 1, testId);

export const DEMO_WIDGETS: Record<string, Check> = {
  '/demo/limit/frontPage': (page) => page.getByTestId('front-page-content').waitFor(),
  '/demo/limit/frontBtn': (page) =>
    atLeast(page.getByTestId('front-buttons').getByRole('button'), 3, 'buttons'),
  '/demo/limit/backEnd': async (page) =>
    expect(await page.getByTestId('back-end-result').innerText()).toContain('demo:backEndPage'),
  '/demo/menu/index': async (page) => {
    const here = (await page.getByTestId('nested-here').innerText()).trim();
    expect(here).toMatch(/^Menu \d/);
    expect(await page.getByTestId('nested-trail').innerText()).toContain(here);
  },
  '/demo/fun/tagsView': (page) =>
    expect.poll(() => page.getByTestId('demo-tags').innerText()).toContain('/demo/fun/tagsView'),
  '/demo/fun/countUp': (page) =>
    expect
      .poll(() => page.locator('[data-testid="count-up"][data-value="2026"]').textContent(), {
        timeout: 5_000,
      })
      .toBe('2,026'),
  '/demo/fun/editor': async (page) => {
    // The tiptap editor: an editable ProseMirror area whose edits reach the HTML below it.
    const editor = page.locator('.ProseMirror[contenteditable="true"]');
    await editor.getByRole('heading', { name: 'Lintel' }).waitFor();
    await editor.locator('p').last().click();
    await page.keyboard.press('End');
    await page.keyboard.type(' typed-by-e2e');
    await expect.poll(() => page.getByTestId('editor-html').innerText()).toContain('typed-by-e2e</p>');
  },
  '/demo/fun/cropper': async (page) => {
    await loadedImage(page.getByTestId('cropper').locator('img.reactEasyCrop_Image'), 'cropper image');
    await page.getByTestId('cropper').locator('.reactEasyCrop_CropArea').waitFor();
  },
  '/demo/fun/qrcode': (page) => loadedImage(page.getByTestId('qr-image'), 'QR code'),
  '/demo/fun/map': (page) =>
    // The chart of the regions the product holds, or the word that it holds none.
    expect
      .poll(
        async () =>
          (await page.getByTestId('region-chart').locator('svg path').count()) > 0 ||
          (await page.getByText('No regions yet').count()) > 0,
        { timeout: 10_000 },
      )
      .toBe(true),
  '/demo/fun/print': async (page) => {
    const sheet = page.getByTestId('print-sheet');
    await atLeast(sheet.locator('tbody tr'), 3, 'printed rows');
    expect(await sheet.innerText()).toContain('admin');
  },
  '/demo/fun/clipboard': async (page) =>
    expect(await page.getByLabel('Text to copy').inputValue()).toBe('Lintel'),
  '/demo/fun/gridLayout': async (page) => {
    const items = page.getByTestId('grid-layout').locator('.react-grid-item');
    await atLeast(items, 5, 'grid items');
    // Placed by the layout (absolute, sized from its rows), not stacked unstyled.
    expect((await items.first().boundingBox())!.height).toBeGreaterThan(60);
  },
  '/demo/fun/splitPanes': async (page) => {
    const panes = page.getByTestId('split-panes');
    await atLeast(panes.getByRole('separator'), 2, 'split handles');
    expect(await panes.innerText()).toMatch(/Left pane: \d+%/);
  },
  '/demo/fun/dragVerify': async (page) => {
    await page.getByRole('slider').waitFor();
    await loadedImage(page.getByRole('img', { name: 'Puzzle picture' }), 'captcha picture');
  },
  '/demo/pages': async (page) => {
    // The list of received notices: its table with the title, publisher and time columns.
    const table = page.getByTestId('pages-table');
    await atLeast(table.locator('thead th'), 3, 'table columns');
    expect(await table.locator('thead').innerText()).toContain('Title');
  },
  '/demo/components': (page) => atLeast(page.getByTestId('icon-gallery').getByRole('button'), 60, 'icons'),
  '/demo/params': (page) =>
    atLeast(page.getByTestId('param-links').locator('a[href^="/demo/params/view/"]'), 1, 'links'),
  '/demo/params/view': async (page) => {
    expect(await page.getByTestId('param-id').innerText()).toBe('7');
    expect(await page.getByTestId('param-tab').innerText()).toBe('e2e');
  },
  '/demo/chart': async (page) => {
    for (const kind of ['line', 'bar', 'pie', 'radar']) await drawnChart(page, `chart-${kind}`);
  },
  '/demo/screen': async (page) => {
    await expect.poll(() => page.getByTestId('screen-accounts').innerText()).toMatch(/^[1-9][\d,]*$/);
    for (const kind of ['line', 'bar', 'pie', 'radar']) await drawnChart(page, `chart-${kind}`);
  },
  '/demo/tools': (page) => atLeast(page.getByTestId('tools').getByRole('tab'), 4, 'tools'),
};
