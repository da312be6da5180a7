import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import { launchBrowser, screenshot } from './browser.js';
import { recordCspViolations } from './csp-violations.js';
import { api, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');
const CODE = 'e2eVisitorForm';

/**
 * The form designer as the demo tenant admin uses it: a form of three fields designed in the
 * browser (one moved by keyboard, one bound to a dictionary, two side by side in the grid),
 * published, filled in through the renderer (under the product's CSP: no eval), its submission
 * seen in the drawer and exported.
 */
describe('form designer', () => {
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
    // Removes what this suite made (the form's versions and submissions go with it).
    if (token) {
      const { items } = await api<{ items: { id: string }[] }>('/api/sysForm/page', token, { code: CODE });
      for (const row of items) await api('/api/sysForm/delete', token, { id: row.id });
    }
    await browser?.close();
  });

  it('designs a form with three fields and publishes it', async () => {
    await page.goto(`${baseUrl}/system/formDes`);
    await page.getByRole('button', { name: /New form$/ }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Name').fill('E2E visitor form');
    await dialog.getByLabel('Code').fill(CODE);
    await dialog.getByRole('button', { name: /Save/ }).click();

    const properties = page.getByTestId('properties-panel');
    await page.getByRole('button', { name: 'Add Number' }).click();
    await properties.getByLabel('Label', { exact: true }).fill('Age');
    await properties.getByLabel('Width (of 24 columns)').fill('12');
    await properties.getByLabel('Minimum').fill('1');

    await page.getByRole('button', { name: 'Add Text' }).click();
    await properties.getByLabel('Label', { exact: true }).fill('Full name');
    await properties.getByLabel('Field name').fill('fullName');
    await properties.getByRole('checkbox', { name: 'Required' }).check();

    await page.getByRole('button', { name: 'Add Drop-down' }).click();
    await properties.getByLabel('Label', { exact: true }).fill('Gender');
    await properties.getByLabel('Width (of 24 columns)').fill('12');
    await properties.getByRole('radio', { name: 'Dictionary' }).check();
    await properties.getByLabel('Dictionary type code').fill('GenderEnum');

    // Full name moves to the top by keyboard: its handle, Space, an arrow, Space.
    await page.getByRole('button', { name: /^Move Full name/ }).focus();
    // dnd-kit measures the cards once the drag has started: a pause between the keys.
    await page.keyboard.press('Space');
    await page.waitForTimeout(300);
    await page.keyboard.press('ArrowUp');
    await page.waitForTimeout(300);
    await page.keyboard.press('Space');
    const order = () =>
      page
        .locator('[data-testid^="field-"]')
        .evaluateAll((cards) => cards.map((c) => c.getAttribute('data-testid')));
    await expect.poll(order).toEqual(['field-fullName', 'field-number1', 'field-select1']);

    await screenshot(page, 'form-designer');
    await expectAccessible(page, 'form designer');

    await page.getByRole('tab', { name: 'Preview' }).click();
    const preview = page.getByRole('region', { name: 'Preview' });
    await preview.getByLabel(/Gender/).waitFor();
    await screenshot(page, 'form-designer-preview');

    await page.getByRole('button', { name: /Publish$/ }).click();
    await page
      .getByRole('dialog')
      .getByRole('button', { name: /Publish$/ })
      .click();
    await page.getByText('Published as version 1').first().waitFor();
    const { items } = await api<{
      items: { schema: { required: string[] }; uiSchema: { 'ui:order': string[] } }[];
    }>('/api/sysForm/page', token, { code: CODE });
    expect(items[0]!.uiSchema['ui:order']).toEqual(['fullName', 'number1', 'select1']);
    expect(items[0]!.schema.required).toEqual(['fullName']);
  });

  it('fills the published form, sees the submission and exports it', async () => {
    await page.getByRole('button', { name: /Back$/ }).click();
    const row = page.locator('.ant-table-row', { hasText: CODE });
    await row.getByText('Version 1').waitFor();
    await row.getByRole('button', { name: 'Fill in' }).click();

    const form = page.getByRole('region', { name: 'E2E visitor form' });
    await form.getByRole('button', { name: /Submit/ }).click();
    await form.getByText('Required').first().waitFor();
    await form.getByLabel(/Full name/).fill('Ann Lee');
    await form.getByLabel(/Age/).fill('30');
    await form.getByLabel(/Gender/).click();
    await page.locator('.ant-select-item-option', { hasText: '女' }).click();
    // The closing list (its listbox has no name of its own) is not part of the form audited below.
    await page.locator('.ant-select-dropdown').waitFor({ state: 'hidden' });
    await screenshot(page, 'form-fill');
    await expectAccessible(page, 'form fill view');
    await form.getByRole('button', { name: /Submit/ }).click();
    await page.getByText('Thank you, your answers were submitted').waitFor();

    await page.getByRole('button', { name: /Back$/ }).click();
    await row.getByRole('button', { name: 'Submissions' }).click();
    const drawer = page.locator('.ant-drawer');
    await drawer.locator('.ant-table-row', { hasText: 'Ann Lee' }).waitFor();
    await expect.poll(() => drawer.locator('.ant-table-row').first().textContent()).toContain('女');
    await screenshot(page, 'form-submissions');
    await expectAccessible(page, 'form submissions', '.ant-drawer');

    await drawer.getByRole('button', { name: /Export/ }).click();
    const download = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: 'CSV (.csv)' }).first().click();
    const file = await download;
    let text = '';
    for await (const chunk of await file.createReadStream()) text += String(chunk);
    expect(text.replace(/^\ufeff/, '').split(/\r?\n/)[0]).toBe(
      'Full name,Age,Gender,Submitted by,Organisation,Version,Submitted at',
    );
    expect(text).toContain('Ann Lee,30,女,');
    expect(violations).toEqual([]);
  });
});
