import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { recordCspViolations } from './csp-violations.js';
import { api, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const NAME = 'E2E roster card';

/**
 * Print templates as the demo tenant admin designs and uses them: a template with a bound field, a
 * table and a QR code, previewed with sample data, downloaded as PDF, and printed from the accounts
 * list through the hidden print frame, all under the product's CSP.
 */
describe('print templates', () => {
  let browser: Browser;
  let page: Page;
  let token: string;
  let violations: string[];

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
    violations = await recordCspViolations(page.context());
    token = await tokenOf(page);
  });

  afterAll(async () => {
    // Removes what this suite made, whatever step it stopped at.
    if (token) {
      const { items } = await api<{ items: { id: string; name: string }[] }>('/api/sysPrint/page', token, {
        name: NAME,
      });
      for (const row of items) await api('/api/sysPrint/delete', token, { id: row.id });
    }
    await browser?.close();
  });

  it('designs a template with a field, a table and a QR code, previews it and downloads a PDF', async () => {
    await page.goto(`${baseUrl}/system/print`);
    await page.getByRole('button', { name: /Add$/ }).click();
    await page.getByLabel('Template name').fill(NAME);

    await page.getByRole('button', { name: /Field$/ }).click();
    await page.getByLabel('Field', { exact: true }).fill('realName');
    await page.getByLabel('Label before the value').fill('Name: ');
    await page.getByLabel('Font size (pt)').fill('16');

    await page.getByRole('button', { name: /Table$/ }).click();
    await page.getByLabel('List field (an array of the record)').fill('roles');
    await page.getByLabel('Column 1 title').fill('Role');
    // The element sits below the field: moved by keyboard, 10 mm a step with Shift.
    const table = page.getByRole('button', { name: /^Table at/ });
    await table.focus();
    await page.keyboard.press('Shift+ArrowDown');

    await page.getByRole('button', { name: /QR code$/ }).click();
    await page.getByLabel('Field', { exact: true }).fill('account');
    const qr = page.getByRole('button', { name: /^QR code at/ });
    await qr.focus();
    for (let i = 0; i < 14; i++) await page.keyboard.press('Shift+ArrowRight');

    const canvas = page.getByTestId('print-canvas');
    await expect.poll(() => canvas.textContent()).toContain('Name: 张三');
    expect(await canvas.locator('.lp-qrcode svg').count()).toBe(1);
    await screenshot(page, 'print-designer');
    await expectAccessible(page, 'print template designer');

    await page.getByRole('button', { name: /Preview$/ }).click();
    const dialog = page.getByRole('dialog');
    const sheet = page.frameLocator('[data-testid="print-preview-frame"]');
    await sheet.getByText('Name: 张三').waitFor();
    await sheet.locator('tbody tr', { hasText: '管理员' }).waitFor();
    expect(await sheet.locator('.lp-qrcode svg').count()).toBe(1);
    await page.waitForTimeout(400); // the dialog's entrance animation
    await screenshot(page, 'print-preview');
    await expectAccessible(page, 'print preview', '.ant-modal');

    const downloading = page.waitForEvent('download');
    await dialog.getByRole('button', { name: /Download PDF/ }).click();
    const file = await downloading;
    expect(file.suggestedFilename()).toBe(`${NAME}.pdf`);
    const chunks: Buffer[] = [];
    for await (const chunk of await file.createReadStream()) chunks.push(chunk as Buffer);
    const pdf = Buffer.concat(chunks);
    expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    // The sheet went in as a picture: CJK text needs no font in the PDF.
    expect(pdf.includes('/Image')).toBe(true);
    await dialog.locator('.ant-modal-footer').getByRole('button', { name: 'Close' }).click();

    await page.getByRole('button', { name: /Save$/ }).click();
    await page.getByText('Saved successfully').first().waitFor();
  });

  it('prints the accounts list with the template through the hidden print frame', async () => {
    await page.goto(`${baseUrl}/system/user`);
    await page.locator('.ant-table').getByText('member', { exact: true }).waitFor();
    // Frames come and go within the print; the page records each one's document as it is added.
    await page.evaluate(() => {
      const seen: string[] = [];
      (window as unknown as { printFrames: string[] }).printFrames = seen;
      new MutationObserver((records) => {
        for (const r of records)
          for (const node of Array.from(r.addedNodes))
            if (node instanceof HTMLIFrameElement && node.hasAttribute('data-print-frame'))
              seen.push(node.srcdoc);
      }).observe(document.body, { childList: true });
    });
    // Two ticked rows print two sheets (the whole page prints when none is ticked): a light print
    // however many accounts earlier files added.
    for (const account of ['member', 'staff'])
      await page
        .locator('.ant-table-row', { has: page.getByText(account, { exact: true }) })
        .getByRole('checkbox')
        .check();
    // The member's name as it is now (the personal centre's test renames the account).
    const listed = await api<{ items: { account: string; realName: string }[] }>(
      '/api/sysUser/page',
      await tokenOf(page),
      { page: 1, pageSize: 50, account: 'member' },
    );
    const realName = listed.items.find((u) => u.account === 'member')!.realName;
    await page.getByRole('button', { name: 'Print with a template' }).click();
    await page.getByRole('menuitem', { name: NAME }).click();
    const sheet = page.frameLocator('[data-testid="print-preview-frame"]');
    await sheet.getByText(`Name: ${realName}`).first().waitFor();
    // One sheet per ticked account.
    expect(await sheet.locator('.lp-page').count()).toBe(2);
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /^printer Print$/ })
      .click();
    const printed = await page.waitForFunction(
      () => (window as unknown as { printFrames: string[] }).printFrames[0],
    );
    const html = (await printed.jsonValue()) as string;
    expect(html).toContain('@page { size: 210mm 297mm; margin: 0; }');
    expect(html).toContain(`<span class="lp-label">Name: </span>${realName}`);
    expect(html).not.toContain('<script');
    expect(violations).toEqual([]);
  });
});
