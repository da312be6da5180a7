import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { startOpenAiUpstream, type OpenAiUpstream } from './ai-upstream.js';
import { signedInPage, tokenOf } from './session.js';

let browser: Browser;
let page: Page;
let upstream: OpenAiUpstream;
beforeAll(async () => {
  upstream = await startOpenAiUpstream();
  browser = await launchBrowser();
  page = await signedInPage(browser, 'admin');
});
afterAll(async () => {
  await browser?.close();
  await upstream?.close();
});

describe('model providers page', () => {
  it('adds a provider from the form: models fetched and picked, connection tested, key saved and never shown', async () => {
    await page.goto(`${page.url().replace(/\/dashboard\/home$/, '')}/aiconfig/provider`);
    await page.getByRole('button', { name: /^(plus )?Add$/ }).click();
    const dialog = page.getByRole('dialog').filter({ hasText: 'Add a model provider' });
    await dialog.getByLabel('Name', { exact: true }).fill('Local test server');
    await dialog.getByLabel('Base URL').fill(upstream.baseUrl);
    await dialog.getByLabel(/API key/).fill(upstream.apiKey);

    await dialog.getByRole('button', { name: /Fetch from provider/ }).click();
    const picker = page.getByRole('dialog').filter({ hasText: 'Pick models from the provider' });
    await picker.getByRole('checkbox', { name: 'fake-chat' }).check();
    await picker.getByRole('checkbox', { name: 'fake-reasoner' }).check();
    await screenshot(page, 'ai-provider-pick-models');
    await picker.getByRole('button', { name: /^(plus )?Add$/ }).click();
    await expect.poll(() => dialog.getByLabel('Model id').count()).toBe(2);

    await dialog.getByRole('button', { name: /Test connection/ }).click();
    await dialog.getByText('Connected', { exact: true }).waitFor();
    await screenshot(page, 'ai-provider-form');

    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.waitFor({ state: 'hidden' });
    const row = page.getByRole('row').filter({ hasText: 'Local test server' });
    await row.getByText('Saved').waitFor();
    expect(await page.content()).not.toContain(upstream.apiKey);
    await screenshot(page, 'ai-provider-list');
    // The test's chat went to the upstream with the key typed in the form.
    expect(upstream.chats().at(-1)?.headers.authorization).toBe(`Bearer ${upstream.apiKey}`);
  });

  it('shows the limits and the usage of a chat answered by the new provider', async () => {
    await page.getByRole('tab', { name: 'Limits' }).click();
    const perUser = page.getByLabel('Requests per minute (each user)');
    await expect.poll(() => perUser.inputValue()).toBe('0');
    await screenshot(page, 'ai-provider-limits');

    // One chat turn through Lintel (the fake upstream reports its tokens), then the usage tab.
    const origin = new URL(page.url()).origin;
    const response = await fetch(`${origin}/api/aiChat/stream`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${await tokenOf(page)}` },
      body: JSON.stringify({ content: 'What is 2x = 4?' }),
    });
    expect(await response.text()).toContain('event: done');
    await page.getByRole('tab', { name: 'Usage' }).click();
    await page.getByRole('cell', { name: 'fake-chat' }).first().waitFor();
    await page.getByRole('img', { name: 'Usage per day' }).waitFor();
    await screenshot(page, 'ai-provider-usage');
  });
});
