import type { Browser, Page } from 'playwright-core';
import { inject } from 'vitest';

/**
 * Signing in, one way for every browser test: through the login form of the app the suite serves,
 * in English, and the JSON API beside it.
 */

/** The seeded demo accounts' password (superAdmin, admin, member, staff...). */
export const DEMO_PASSWORD = 'Lintel@2026';

/** The page options the browser tests use: a laptop screen, unless a test needs another. */
type PageOptions = NonNullable<Parameters<Browser['newPage']>[0]>;

/** A new page that starts the app in English (the language choice lives in local storage, key lintel:locale). */
export async function englishPage(
  browser: Browser,
  options: PageOptions = { viewport: { width: 1366, height: 800 } },
): Promise<Page> {
  const page = await browser.newPage(options);
  await page.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
  return page;
}

/** Signs in through the login form and waits for the account's home page (the dashboard, unless its roles lack it). */
export async function signIn(
  page: Page,
  account: string,
  password = DEMO_PASSWORD,
  home: RegExp = /\/dashboard\/home$/,
): Promise<void> {
  await page.goto(`${inject('baseUrl')}/login`);
  await page.getByPlaceholder(/user name|e-mail/i).fill(account);
  await page.getByPlaceholder(/password/i).fill(password);
  await page.keyboard.press('Enter');
  await page.waitForURL(home);
}

/** A new English page signed in as a demo account. */
export async function signedInPage(browser: Browser, account: string, options?: PageOptions): Promise<Page> {
  const page = await englishPage(browser, options);
  await signIn(page, account);
  return page;
}

/** The access token of a signed-in page (the app keeps it in a cookie), for calls beside the page. */
export async function tokenOf(page: Page): Promise<string> {
  const cookie = (await page.context().cookies()).find((c) =>
    decodeURIComponent(c.name).endsWith('access-token'),
  );
  if (!cookie) throw new Error('no access token cookie');
  return decodeURIComponent(cookie.value);
}

/**
 * Calls the JSON API (GET without a body, POST with one), in English, and answers the envelope's
 * `result`; an envelope whose code is not 200 fails the test with the server's message.
 */
export async function api<T>(path: string, token?: string, body?: unknown): Promise<T> {
  const res = await fetch(`${inject('baseUrl')}${path}`, {
    method: body === undefined ? 'GET' : 'POST',
    headers: {
      'accept-language': 'en',
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  const envelope = (await res.json()) as { code: number; message: string; result: T };
  if (envelope.code !== 200) throw new Error(`${path}: ${res.status} ${envelope.message}`);
  return envelope.result;
}
