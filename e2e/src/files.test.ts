import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { encodePng } from '../../tools/png.mjs';
import { signedInPage } from './session.js';

const baseUrl = inject('baseUrl');

/** A real RGB picture (a colour gradient), so the preview has something to show. */
function gradientPng(width = 240, height = 160): Buffer {
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      row[1 + x * 3] = Math.round((x / width) * 255);
      row[2 + x * 3] = Math.round((y / height) * 255);
      row[3 + x * 3] = 180;
    }
    rows.push(row);
  }
  return encodePng({ width, height, colourType: 2, scanlines: Buffer.concat(rows) });
}

/** A small valid PDF of one page with one line of text. */
const PDF = Buffer.from(
  [
    '%PDF-1.4',
    '1 0 obj <</Type /Catalog /Pages 2 0 R>> endobj',
    '2 0 obj <</Type /Pages /Kids [3 0 R] /Count 1>> endobj',
    '3 0 obj <</Type /Page /Parent 2 0 R /MediaBox [0 0 320 120] /Contents 4 0 R /Resources <</Font <</F1 5 0 R>>>>>> endobj',
    '4 0 obj <</Length 46>> stream',
    'BT /F1 24 Tf 40 50 Td (Inspection report) Tj ET',
    'endstream endobj',
    '5 0 obj <</Type /Font /Subtype /Type1 /BaseFont /Helvetica>> endobj',
    'trailer <</Root 1 0 R>>',
    '%%EOF',
  ].join('\n'),
);

const answerOf = (page: Page, action: string) =>
  page.waitForResponse((r) => r.url().endsWith(`/api/sysFile/${action}`) && r.request().method() === 'POST');

/** The file centre as the demo tenant admin uses it, in English. */
describe('file management', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin', {
      viewport: { width: 1366, height: 800 },
      acceptDownloads: true,
    });
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('uploads an image, previews, renames, downloads and deletes it', async () => {
    await page.goto(`${baseUrl}/system/file`);
    await page.getByText('All files').waitFor();
    await page.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/each at most 10 MB/).waitFor();
    await page.waitForTimeout(400); // the dialog's opening animation
    await dialog.getByLabel('Folder').fill('site/photos');
    const input = dialog.locator('input[type=file]');

    // A file whose content is not what its name says: the server's message shows beside it.
    const refused = answerOf(page, 'uploadFile');
    await input.setInputFiles({
      name: 'report.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from('hello'),
    });
    expect((await refused).status()).toBe(400);
    await dialog.getByText("The file's content does not match its .pdf extension.").waitFor();

    const stored = answerOf(page, 'uploadFile');
    await input.setInputFiles({ name: 'site-photo.png', mimeType: 'image/png', buffer: gradientPng() });
    expect((await stored).status()).toBe(200);
    await screenshot(page, 'file-upload');
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    const table = page.locator('.ant-table');
    const row = page.locator('tr', { hasText: 'site-photo.png' });
    await row.waitFor();
    await page.locator('.ant-tree').getByText('photos').waitFor();
    await screenshot(page, 'file-list');

    // The preview loads the picture from its served address with the file cookie.
    await row.getByRole('button', { name: 'Preview' }).click();
    const image = page.getByRole('dialog').getByRole('img', { name: 'site-photo.png' });
    await image.waitFor();
    await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.naturalWidth)).toBe(240);
    await page.waitForTimeout(400);
    await screenshot(page, 'file-preview');
    await page.keyboard.press('Escape');
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    await row.getByRole('button', { name: 'Edit' }).click();
    const edit = page.getByRole('dialog');
    await edit.getByText('Edit file').waitFor();
    await page.waitForTimeout(400);
    await edit.getByLabel('File name').fill('工地照片 north side');
    const updated = answerOf(page, 'update');
    await edit.getByRole('button', { name: 'Save' }).click();
    expect((await updated).status()).toBe(200);
    const renamed = page.locator('tr', { hasText: '工地照片 north side' });
    await renamed.waitFor();

    const downloading = page.waitForEvent('download');
    await renamed.getByRole('button', { name: 'Download' }).click();
    const download = await downloading;
    expect(download.suggestedFilename()).toBe('工地照片 north side.png');

    await renamed.getByRole('button', { name: 'Delete' }).click();
    const confirm = page.locator('.ant-popconfirm');
    await confirm.getByText(/Delete the file "工地照片 north side"/).waitFor();
    await page.waitForTimeout(300);
    const deleted = answerOf(page, 'delete');
    await confirm.getByRole('button', { name: 'Delete' }).click();
    expect((await deleted).status()).toBe(200);
    await table.getByText('工地照片 north side').waitFor({ state: 'detached' });
  });
  it('previews text and PDF in a same-origin frame the security policy allows', async () => {
    const violations: string[] = [];
    page.on('console', (message) => {
      if (/Content[- ]Security[- ]Policy|Refused to (frame|display|load)/i.test(message.text()))
        violations.push(message.text());
    });
    await page.goto(`${baseUrl}/system/file`);
    await page.getByRole('button', { name: 'Upload' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(/each at most 10 MB/).waitFor();
    await page.waitForTimeout(400);
    await dialog.getByLabel('Folder').fill('docs');
    const input = dialog.locator('input[type=file]');
    for (const [name, mimeType, buffer] of [
      ['notes.txt', 'text/plain', Buffer.from('Site diary: concrete poured on level 3.\n')],
      ['inspection.pdf', 'application/pdf', PDF],
    ] as const) {
      const stored = answerOf(page, 'uploadFile');
      await input.setInputFiles({ name, mimeType, buffer });
      expect((await stored).status()).toBe(200);
    }
    await dialog.getByRole('button', { name: 'Close' }).click();
    await dialog.waitFor({ state: 'hidden' });

    await page.locator('tr', { hasText: 'notes.txt' }).getByRole('button', { name: 'Preview' }).click();
    const frame = page.frameLocator('iframe[title="notes.txt"]');
    await frame.getByText('Site diary: concrete poured on level 3.').waitFor();
    // Escape would go to the framed document, which has the focus: the dialog's own close button.
    await page.getByRole('dialog').getByRole('button', { name: 'Close' }).click();
    await page.getByRole('dialog').waitFor({ state: 'hidden' });

    const pdfAnswer = page.waitForResponse((r) => /\/upload\/\d+\/file\/[0-9a-f]{32}\.pdf$/.test(r.url()));
    await page.locator('tr', { hasText: 'inspection.pdf' }).getByRole('button', { name: 'Preview' }).click();
    const pdf = await pdfAnswer;
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    await page.waitForTimeout(1500); // the PDF viewer draws the page
    await screenshot(page, 'file-preview-pdf');
    expect(violations).toEqual([]);
  });
});
