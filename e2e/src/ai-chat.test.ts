import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { expectAccessible } from './axe.js';
import {
  chat,
  content,
  finish,
  hang,
  reasoning,
  startOpenAiUpstream,
  usage,
  wait,
  type OpenAiUpstream,
} from './ai-upstream.js';
import { launchBrowser, screenshot } from './browser.js';
import { api, signedInPage, tokenOf } from './session.js';

const baseUrl = inject('baseUrl');

async function removeProviders(token: string) {
  const page = await api<{ items: { id: string }[] }>('/api/aiProvider/page', token, {
    page: 1,
    pageSize: 100,
  });
  for (const { id } of page.items) await api('/api/aiProvider/delete', token, { id });
}

/**
 * What the fake model says: a title when asked for one, a long count for "forever" (it never ends
 * by itself, for the stop button), else a reasoned answer with inline and display math.
 */
function script(upstream: OpenAiUpstream) {
  upstream.reply((request) => {
    const messages = (request.body as { messages: { role: string; content: unknown }[] }).messages;
    const system = String(messages[0]?.content ?? '');
    const last = String(messages.at(-1)?.content ?? '');
    if (system.startsWith('Give a short title')) return chat([content('Linear equation practice'), finish()]);
    if (last.includes('forever'))
      return chat([content('Counting: 1, '), wait(200), content('2, '), wait(200), content('3, '), hang()]);
    return chat([
      reasoning('Subtract 3 from both sides: 2x = 4. '),
      wait(1500),
      reasoning('Then divide both sides by 2.'),
      wait(1500),
      content('So \\( x = 2 \\). Check:\n\n\\[ 2 \\cdot 2 + 3 = 7 \\]\n\n```python\nprint(2 * 2 + 3)\n```\n'),
      finish(),
      usage(20, 30),
    ]);
  });
}

describe('chat with AI', () => {
  let browser: Browser;
  let page: Page;
  let upstream: OpenAiUpstream;

  beforeAll(async () => {
    upstream = await startOpenAiUpstream();
    script(upstream);
    browser = await launchBrowser();
    page = await signedInPage(browser, 'admin');
    // The suite shares one product: providers other browser tests added (their fake servers are
    // gone with them) are removed, so this test starts from a tenant without a model.
    await removeProviders(await tokenOf(page));
  });

  afterAll(async () => {
    // And leaves none of its own behind for the next file.
    if (page) await removeProviders(await tokenOf(page)).catch(() => undefined);
    await browser?.close();
    await upstream?.close();
  });

  it('says no model is configured before a provider exists, and links the settings for the admin', async () => {
    await page.goto(`${baseUrl}/llm/aiChat`);
    await page.getByText('No AI model is configured yet').waitFor();
    expect(await page.getByRole('link', { name: 'Configure model providers' }).getAttribute('href')).toBe(
      '/aiconfig/provider',
    );
    await screenshot(page, 'ai-chat-no-model');
    await expectAccessible(page, 'ai chat without a model');
  });

  it('chats with a reasoning model: thinking shown live, then folded; math rendered with KaTeX; a title given', async () => {
    // The provider the test's local OpenAI-compatible server plays (the product allows 127.0.0.1).
    await api('/api/aiProvider/add', await tokenOf(page), {
      kind: 'openai',
      name: 'Local test model',
      baseUrl: upstream.baseUrl,
      apiKey: upstream.apiKey,
      enabled: true,
      models: [
        {
          modelId: 'fake-reasoner',
          name: 'Fake Reasoner',
          reasoning: true,
          vision: false,
          isDefault: true,
          enabled: true,
        },
        {
          modelId: 'fake-chat',
          name: 'Fake Chat',
          reasoning: false,
          vision: false,
          isDefault: false,
          enabled: true,
        },
      ],
    });
    await page.reload();
    const thinkingSwitch = page.getByRole('switch', { name: 'Deep thinking' });
    await thinkingSwitch.waitFor();
    expect(await thinkingSwitch.getAttribute('aria-checked')).toBe('true');

    await page.getByPlaceholder(/Ask anything/).fill('Solve 2x + 3 = 7');
    await page.getByRole('button', { name: 'Send' }).click();
    const thinking = page.getByRole('button', { name: /Thinking…/ });
    await thinking.waitFor();
    expect(await thinking.getAttribute('aria-expanded')).toBe('true');
    await page.getByText('Subtract 3 from both sides').waitFor();
    await screenshot(page, 'ai-chat-thinking');

    const folded = page.getByRole('button', { name: /Thought for \d+ s/ });
    await folded.waitFor({ timeout: 15_000 });
    expect(await folded.getAttribute('aria-expanded')).toBe('false');
    const answer = page.getByTestId('answer').last();
    await answer.locator('.katex').first().waitFor();
    expect(await answer.locator('.katex-display').count()).toBe(1);
    expect(await answer.locator('.katex-mathml annotation').first().textContent()).toBe('x = 2');
    await answer.locator('code .hljs-built_in, code .hljs-number').first().waitFor();
    await expect.poll(() => answer.getAttribute('data-phase')).toBe('done');
    const history = page.getByRole('complementary', { name: 'Chat history' });
    await history.getByText('Linear equation practice').waitFor();
    // The request the model received asked it to think.
    const sent = upstream.chats().find((r) => (r.body as { model: string }).model === 'fake-reasoner');
    expect(sent).toBeTruthy();
    await screenshot(page, 'ai-chat-answer');
    await expectAccessible(page, 'ai chat with an answer');

    // Open the folded reasoning again.
    await folded.click();
    await page.getByText('Then divide both sides by 2.').waitFor();
  });

  it('stops a stream: the model request is closed and the partial answer stays', async () => {
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByPlaceholder(/Ask anything/).fill('Count forever');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByText('Counting: 1, 2, 3,').waitFor();
    const request = upstream.chats().at(-1)!;
    await page.getByRole('button', { name: 'Stop' }).click();
    await page.getByText('Stopped', { exact: true }).waitFor();
    expect(await request.closed).toBe('aborted');
    await page.getByText('Counting: 1, 2, 3,').waitFor();
  });

  it('renames a chat (the title is required) and deletes one', async () => {
    const history = page.getByRole('complementary', { name: 'Chat history' });
    await history.getByRole('button', { name: 'More actions for “Linear equation practice”' }).click();
    await page.getByRole('menuitem', { name: 'Rename' }).click();
    const dialog = page.getByRole('dialog', { name: 'Rename chat' });
    await dialog.getByRole('textbox').fill('   ');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await dialog.getByText('The title cannot be empty.').waitFor();
    await dialog.getByRole('textbox').fill('Equations');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await history.getByText('Equations', { exact: true }).waitFor();

    // The keyboard reaches the entry's menu too.
    await history.getByRole('button', { name: 'More actions for “Equations”' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('menuitem', { name: 'Delete' }).click();
    const confirm = page.getByRole('dialog').filter({ has: page.getByRole('button', { name: 'Delete' }) });
    await confirm.getByRole('button', { name: 'Delete' }).click();
    // The confirmation closes when the server has answered (an error shows as a message instead).
    await confirm.waitFor({ state: 'hidden' });
    await history.getByText('Equations', { exact: true }).waitFor({ state: 'detached' });
  });

  it('shows the answer in the dark theme', async () => {
    // The layout settings' dark mode, as the settings drawer stores it.
    await page.evaluate(() => {
      const saved = JSON.parse(localStorage.getItem('lintel:themeConfig') ?? '{}') as Record<string, unknown>;
      localStorage.setItem('lintel:themeConfig', JSON.stringify({ ...saved, isDark: true }));
    });
    await page.reload();
    const history = page.getByRole('complementary', { name: 'Chat history' });
    await history.getByRole('listitem').first().waitFor();
    expect(await page.evaluate(() => document.documentElement.dataset.theme)).toBe('dark');
    // A fresh reasoned answer, for the code block and the formula on the dark page.
    await page.getByRole('button', { name: 'New chat' }).click();
    await page.getByPlaceholder(/Ask anything/).fill('Solve 2x + 3 = 7 again');
    await page.getByRole('button', { name: 'Send' }).click();
    await page.getByRole('button', { name: /Thought for \d+ s/ }).waitFor({ timeout: 15_000 });
    await page.getByTestId('answer').last().locator('.katex-display').waitFor();
    await screenshot(page, 'ai-chat-dark');
    // The chat itself: the shell's dark tag row is the accessibility suite's business.
    await expectAccessible(page, 'ai chat, dark', '[data-testid="ai-chat"]');
  });
});
