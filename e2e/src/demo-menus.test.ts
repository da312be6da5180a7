import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { DEMO_WIDGETS } from './demo-widgets.js';
import { api, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');

interface MenuNode {
  name: string;
  path: string;
  component: string | null;
  meta: { title: string; isIframe: boolean; isLink: string | null; isHide: boolean };
  children: MenuNode[] | null;
}

/** The leaves of a tree: the pages (and link entries) a menu opens. */
const leaves = (nodes: MenuNode[] | null): MenuNode[] =>
  (nodes ?? []).flatMap((n) => (n.children?.length ? leaves(n.children) : [n]));

/** A concrete address for a route with parameters (the hidden route-parameter view). */
const concrete = (path: string) => path.replace('/:id/:tagsViewName?', '/7/seven?tab=e2e');

/**
 * Issue 14: the demo menus, as the tenant admin sees them. Every page of the demo directory opens
 * from the menu's own tree and draws its own widget (demo-widgets.ts); a few are exercised
 * (count-up ends at its value, the QR code renders, the tools format, encode and convert, the
 * slider puzzle passes, the tags demo closes a tag, the back-end demo answers), and a sample is
 * audited with axe. Nothing is left behind for later files.
 */
describe('demo menus', () => {
  let browser: Browser;
  let page: Page;
  let demo: MenuNode;
  const errors: string[] = [];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
    page.on('pageerror', (error) => errors.push(error.message));
    const tree = await api<MenuNode[]>('/api/sysMenu/loginMenuTree', await tokenOf(page));
    demo = tree.find((n) => n.path === '/demo')!;
  });
  afterAll(async () => {
    await browser?.close();
  });

  it('opens a nested page through the side menu, with its breadcrumb', async () => {
    expect(demo).toBeDefined();
    await page.goto(`${baseUrl}/dashboard/home`);
    const nav = page.getByRole('navigation').first();
    for (const label of ['Demos', 'Nested menus', 'Menu 1', 'Menu 1-2'])
      await nav.getByText(label, { exact: true }).click();
    await nav.getByText('Menu 1-2-1', { exact: true }).click();
    await page.waitForURL(/\/demo\/menu\/menu1\/menu12\/menu121$/);
    expect(await page.getByTestId('nested-here').textContent()).toBe('Menu 1-2-1');
    expect(await page.getByTestId('nested-trail').textContent()).toMatch(
      /Demos.*Nested menus.*Menu 1.*Menu 1-2.*Menu 1-2-1/,
    );
    await screenshot(page, 'demo-nested-menu');
  });

  it("draws every demo page's own widget", async () => {
    const pages = leaves(demo.children);
    expect(pages.length).toBeGreaterThanOrEqual(28);
    for (const node of pages) {
      if (node.meta.isLink && !node.meta.isIframe) {
        // An external link: its menu opens a new tab; its own path offers to open it again.
        expect(node.meta.isLink).toMatch(/^https:\/\//);
        await page.goto(`${baseUrl}${node.path}`);
        expect(await page.getByTestId('link-open').getAttribute('href')).toBe(node.meta.isLink);
        continue;
      }
      await page.goto(`${baseUrl}${concrete(node.path)}`);
      if (node.meta.isIframe) {
        // A page of this site in a frame: the frame's own text is its content.
        const body = page.frameLocator('[data-testid="iframe-view"] iframe').locator('body');
        await expect
          .poll(async () => (await body.innerText()).trim().length, { timeout: 10_000 })
          .toBeGreaterThan(20);
        await screenshot(page, `demo-${node.name}`);
        continue;
      }
      await page.getByTestId('demo-page').first().waitFor();
      // Each view's own widget (demo-widgets.ts); a page new to the menu needs its entry there.
      const widget = DEMO_WIDGETS[node.component ?? ''];
      expect(widget, `${node.path} (${node.component}) has no widget check`).toBeDefined();
      await widget!(page);
      const text = (await page.getByTestId('shell-page').innerText()).trim();
      expect(text, node.path).not.toMatch(/Unexpected Application Error|not found/i);
      // Charts draw with an entrance animation: shot at rest.
      if (/Chart|Screen|Map/.test(node.name)) await page.waitForTimeout(1_200);
      await screenshot(page, `demo-${node.name}`);
    }
    expect(errors).toEqual([]);
  });

  it('draws the regions the product holds on the map demo', async () => {
    const provinces = await api<unknown[]>('/api/sysRegion/list', await tokenOf(page));
    await page.goto(`${baseUrl}/demo/fun/map`);
    if (provinces.length === 0) {
      await page.getByText('No regions yet').waitFor();
      return;
    }
    const bars = page.getByTestId('region-chart').locator('svg path');
    await expect.poll(() => bars.count()).toBeGreaterThan(provinces.length);
    await page.getByText('Treemap').click();
    await page.waitForTimeout(1_200);
    await screenshot(page, 'demo-map-treemap');
  });

  it('counts up to its value, and draws a QR code of the typed text', async () => {
    await page.goto(`${baseUrl}/demo/fun/countUp`);
    await page.getByLabel('Number to count to').fill('4321');
    const custom = page.locator('[data-testid="count-up"][data-value="4321"]');
    await expect.poll(() => custom.textContent(), { timeout: 5_000 }).toBe('4,321');

    await page.goto(`${baseUrl}/demo/fun/qrcode`);
    await page.getByRole('textbox', { name: 'Text', exact: true }).fill('https://lintel.example/e2e');
    const qr = page.getByTestId('qr-image');
    await expect
      .poll(async () => (await qr.getAttribute('alt')) ?? '')
      .toBe('QR code of https://lintel.example/e2e');
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  });

  it('formats JSON, encodes Base64 and converts a timestamp on the tools page', async () => {
    await page.goto(`${baseUrl}/demo/tools`);
    await page.getByLabel('JSON text').fill('{"b":[1,2],"a":true}');
    await page.getByText('Sort keys').click();
    await page.getByRole('button', { name: 'Format' }).click();
    expect(await page.getByTestId('tool-json-output').inputValue()).toBe(
      '{\n  "a": true,\n  "b": [\n    1,\n    2\n  ]\n}',
    );
    await page.getByLabel('JSON text').fill('{"a":\n  [1,,2]}');
    await page.getByRole('button', { name: 'Minify' }).click();
    expect(await page.getByRole('status').filter({ hasText: 'JSON' }).innerText()).toContain(
      'Not valid JSON: line 2, column 6.',
    );

    await page.getByRole('tab', { name: 'Base64' }).click();
    await page.getByLabel('Text or Base64').fill('Grüße, 你好');
    await page.getByRole('button', { name: 'Encode' }).click();
    expect(await page.getByTestId('tool-base64-output').inputValue()).toBe('R3LDvMOfZSwg5L2g5aW9');

    await page.getByRole('tab', { name: 'Timestamp' }).click();
    await page.getByLabel('Unix timestamp').fill('1700000000123');
    expect(await page.getByTestId('tool-time-result').innerText()).toContain('2023-11-14T22:13:20.123Z');
    await screenshot(page, 'demo-tools-time');
  });

  it('closes a tag from the tags demo', async () => {
    await page.goto(`${baseUrl}/demo/fun/qrcode`);
    await page.goto(`${baseUrl}/demo/fun/tagsView`);
    const tags = page.getByTestId('tags-view');
    await expect.poll(() => tags.innerText()).toContain('QR code');
    await page.getByRole('button', { name: 'Close QR code' }).click();
    await expect.poll(() => tags.innerText()).not.toContain('QR code');
    await screenshot(page, 'demo-tags-closed');
  });

  it('passes the drag verification on the server', async () => {
    await page.goto(`${baseUrl}/demo/fun/dragVerify`);
    const puzzle = await page
      .waitForResponse((r) => r.url().includes('/api/sysAuth/sliderCaptcha?'))
      .then(async (r) => ((await r.json()) as { result: Record<string, unknown> }).result);
    const hole = (await page.evaluate(`(async () => {
      const load = (src) => new Promise((resolve) => { const i = new Image(); i.onload = () => resolve(i); i.src = src; });
      const [bg, pc] = await Promise.all([load(${JSON.stringify(puzzle.background)}), load(${JSON.stringify(puzzle.piece)})]);
      const px = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
        const x = c.getContext('2d'); x.drawImage(img, 0, 0); return x.getImageData(0, 0, img.width, img.height).data; };
      const B = px(bg), P = px(pc); let best = 0, bestError = Infinity;
      for (let x = 0; x <= bg.width - pc.width; x++) { let e = 0;
        for (let y = 0; y < pc.height; y += 2) for (let z = 0; z < pc.width; z += 2) {
          const k = (y * pc.width + z) * 4; if (P[k + 3] < 255) continue;
          const b = ((${Number(puzzle.pieceY)} + y) * bg.width + x + z) * 4;
          for (let c = 0; c < 3; c++) e += Math.abs(B[b + c] - P[k + c] * 0.45); }
        if (e < bestError) { bestError = e; best = x; } }
      return best; })()`)) as number;
    const handle = page.getByRole('slider');
    const box = (await handle.boundingBox())!;
    const track = (await handle.locator('..').boundingBox())!;
    const dx = (hole / (Number(puzzle.width) - Number(puzzle.pieceSize))) * (track.width - box.width);
    const y = box.y + box.height / 2;
    await page.mouse.move(box.x + box.width / 2, y);
    await page.mouse.down();
    for (let i = 1; i <= 20; i++) {
      await page.mouse.move(box.x + box.width / 2 + (dx * i) / 20, y);
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
    await page.getByTestId('drag-passed').waitFor();
    await screenshot(page, 'demo-drag-passed');
  });

  it("answers the back-end demo with the server's view, and passes axe on a sample", async () => {
    await page.goto(`${baseUrl}/demo/limit/backEnd`);
    expect(await page.getByTestId('back-end-result').innerText()).toContain('demo:backEndPage');
    for (const path of ['/demo/limit/frontBtn', '/demo/fun/clipboard', '/demo/params', '/demo/chart']) {
      await page.goto(`${baseUrl}${path}`);
      await page.getByTestId('demo-page').waitFor();
      await page.waitForTimeout(500);
      await expectAccessible(page, path);
    }
  });
});
