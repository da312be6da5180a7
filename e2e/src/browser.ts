import fs from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Browser, type Page } from 'playwright-core';

/** Debian's Chromium (apt-get install -y chromium); never a browser downloaded by Playwright. */
export const CHROMIUM_PATH = process.env.LINTEL_CHROMIUM ?? '/usr/bin/chromium';

export const CHROMIUM_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Launches Chromium headless; Playwright gives it a fresh --user-data-dir each time. */
export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM_PATH,
    headless: true,
    chromiumSandbox: false,
    args: CHROMIUM_ARGS,
  });
}

/** Screenshots land in e2e/artifacts/ (git-ignored). */
export const ARTIFACTS_DIR = fileURLToPath(new URL('../artifacts/', import.meta.url));

export async function screenshot(page: Page, name: string, fullPage = false): Promise<string> {
  await fs.mkdir(ARTIFACTS_DIR, { recursive: true });
  const file = path.join(ARTIFACTS_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage });
  return file;
}
