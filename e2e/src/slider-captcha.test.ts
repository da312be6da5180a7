import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';

const baseUrl = inject('baseUrl');

interface Puzzle {
  id: string;
  background: string;
  piece: string;
  pieceY: number;
  pieceSize: number;
  width: number;
}

/**
 * Where the hole is, found the way a script could: the hole is the piece's picture darkened, so
 * compare the piece's opaque pixels with the background at each x. Evaluated as text in the page.
 */
const findHole = (p: Puzzle) => `(async () => {
  const load = (src) => new Promise((resolve) => { const i = new Image(); i.onload = () => resolve(i); i.src = src; });
  const [bg, pc] = await Promise.all([load(${JSON.stringify(p.background)}), load(${JSON.stringify(p.piece)})]);
  const pixels = (img) => { const c = document.createElement('canvas'); c.width = img.width; c.height = img.height;
    const x = c.getContext('2d'); x.drawImage(img, 0, 0); return x.getImageData(0, 0, img.width, img.height).data; };
  const B = pixels(bg), P = pixels(pc);
  let best = 0, bestError = Infinity;
  for (let x = 0; x <= bg.width - pc.width; x++) {
    let error = 0;
    for (let py = 0; py < pc.height; py += 2) for (let px = 0; px < pc.width; px += 2) {
      const k = (py * pc.width + px) * 4; if (P[k + 3] < 255) continue;
      const b = ((${p.pieceY} + py) * bg.width + x + px) * 4;
      for (let c = 0; c < 3; c++) error += Math.abs(B[b + c] - P[k + c] * 0.45);
    }
    if (error < bestError) { bestError = error; best = x; }
  }
  return best;
})()`;

/** Presses the handle and drags it so the piece's left edge lands at `x` picture pixels. */
async function dragTo(page: Page, puzzle: Puzzle, x: number) {
  const handle = page.getByRole('slider');
  const box = (await handle.boundingBox())!;
  const track = (await handle.locator('..').boundingBox())!;
  const travel = track.width - box.width;
  const dx = (x / (puzzle.width - puzzle.pieceSize)) * travel;
  const y = box.y + box.height / 2;
  await page.mouse.move(box.x + box.width / 2, y);
  await page.mouse.down();
  for (let i = 1; i <= 20; i++) {
    await page.mouse.move(box.x + box.width / 2 + (dx * i) / 20, y);
    await page.waitForTimeout(20);
  }
  await page.mouse.up();
}

/**
 * The slider captcha on the sign-in page. The e2e server runs with captcha off, so sysInfo is
 * answered with secondVer on here; the widget talks to the real puzzle and verify endpoints.
 */
describe('slider captcha', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 860 }, locale: 'zh-CN' });
    await page.route('**/api/sysTenant/sysInfo/**', async (route) => {
      const response = await route.fetch();
      const body = (await response.json()) as { result: Record<string, unknown> };
      body.result.secondVer = true;
      await route.fulfill({ response, json: body });
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  const nextPuzzle = () =>
    page
      .waitForResponse(
        (r) => r.url().includes('/api/sysAuth/sliderCaptcha?') && r.request().method() === 'GET',
      )
      .then(async (r) => ((await r.json()) as { result: Puzzle }).result);

  it('shakes and brings a new picture after a wrong drop', async () => {
    const first = nextPuzzle();
    await page.goto(`${baseUrl}/login`);
    const puzzle = await first;
    await page.getByText('按住滑块，拖动完成拼图').waitFor();
    await screenshot(page, 'slider-login');
    const hole = (await page.evaluate(findHole(puzzle))) as number;
    const second = nextPuzzle();
    await dragTo(page, puzzle, hole > 127 ? hole - 60 : hole + 60);
    await page.getByText('验证失败，请重试').waitFor();
    await screenshot(page, 'slider-failed');
    expect((await second).id).not.toBe(puzzle.id);
  });

  it('passes a drop on the hole, then signs in with the pass token', async () => {
    await page.getByText('按住滑块，拖动完成拼图').waitFor();
    // A picture of its own, fetched by the refresh button.
    const refreshed = nextPuzzle();
    await page.getByRole('button', { name: '换一张' }).click();
    const puzzle = await refreshed;
    const hole = (await page.evaluate(findHole(puzzle))) as number;
    await dragTo(page, puzzle, hole);
    await page.getByText('验证通过').waitFor();
    await screenshot(page, 'slider-passed');
    await page.getByPlaceholder('用户名或邮箱').fill('admin');
    await page.getByPlaceholder('密码').fill('Lintel@2026');
    const login = page.waitForRequest((r) => r.url().endsWith('/api/sysAuth/login'));
    await page.getByRole('button', { name: /登\s*录/ }).click();
    expect((await login).postDataJSON()).toMatchObject({ sliderToken: expect.stringMatching(/^[\w-]{22}$/) });
    await page.waitForURL(/\/dashboard\/home$/);
  });
});
