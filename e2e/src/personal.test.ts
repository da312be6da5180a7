import { deflateSync } from 'node:zlib';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { Browser, Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { launchBrowser, screenshot } from './browser.js';
import { signIn } from './session.js';

const baseUrl = inject('baseUrl');
const NEW_PASSWORD = 'Member#2027';

/** A 64x48 PNG (a gradient), written for the avatar upload: a real image the browser decodes. */
async function samplePng(): Promise<string> {
  const crc = (buf: Buffer) => {
    let c = ~0;
    for (const b of buf) {
      c ^= b;
      for (let k = 0; k < 8; k++) c = (c >>> 1) ^ (0xedb88320 & -(c & 1));
    }
    return ~c >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const len = Buffer.alloc(4);
    len.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type), data]);
    const sum = Buffer.alloc(4);
    sum.writeUInt32BE(crc(body));
    return Buffer.concat([len, body, sum]);
  };
  const [w, h] = [64, 48];
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(w, 0);
  ihdr.writeUInt32BE(h, 4);
  ihdr[8] = 8;
  ihdr[9] = 2;
  const rows = Buffer.alloc((w * 3 + 1) * h);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) rows.set([x * 4, y * 5, 160], y * (w * 3 + 1) + 1 + x * 3);
  const png = Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(rows)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
  const file = path.join(await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-e2e-')), 'avatar.png');
  await fs.writeFile(file, png);
  return file;
}

/** Whether the <img> at (or inside) a locator has loaded its picture (a refused one has no natural size). */
const imageLoaded = (at: Locator) =>
  at
    .locator('xpath=descendant-or-self::img')
    .first()
    .evaluate((node) => {
      const img = node as HTMLImageElement;
      return img.complete && img.naturalWidth > 0;
    });

/** The personal centre and the dashboard widgets as the demo "member" account uses them, in English. */
describe('personal centre and dashboard', () => {
  let browser: Browser;
  let page: Page;

  beforeAll(async () => {
    browser = await launchBrowser();
    page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
    await page.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
    await signIn(page, 'member', 'Lintel@2026');
  });

  afterAll(async () => {
    await browser?.close();
  });

  it('edits the own profile', async () => {
    await page.goto(`${baseUrl}/system/userCenter`);
    const form = page.getByTestId('profile-form');
    await form.getByLabel('Real name').fill('');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await form.getByText('Please enter the real name.').waitFor();
    await form.getByLabel('Real name').fill('Mia Member');
    await form.getByLabel('Nickname').fill('mia');
    await form.getByLabel('Emergency contact', { exact: true }).fill('Leo');
    await form.getByRole('button', { name: 'Save profile' }).click();
    await page.getByText('Profile saved.').waitFor();
    await page.getByTestId('basic-info').getByText('Mia Member').waitFor();
    await page.getByTestId('user-menu').getByText('Mia Member').waitFor();
  });

  it('uploads a cropped avatar', async () => {
    await page.getByRole('button', { name: 'Change avatar' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByTestId('avatar-file').setInputFiles(await samplePng());
    await dialog.locator('img').waitFor();
    const view = dialog.getByTestId('avatar-crop-view');
    const box = (await view.boundingBox())!;
    await page.mouse.move(box.x + 140, box.y + 140);
    await page.mouse.down();
    await page.mouse.move(box.x + 100, box.y + 140, { steps: 4 });
    await page.mouse.up();
    await screenshot(page, 'personal-avatar-crop');
    await dialog.getByRole('button', { name: 'Save avatar' }).click();
    await page.getByText('Avatar saved.').waitFor();
    // The notice can come before the page shows the new picture (a busy machine): wait for its address.
    const avatarSrc = () => page.getByTestId('own-avatar').locator('img').getAttribute('src');
    await expect.poll(avatarSrc).toMatch(/^\/upload\/\d+\/avatar\/[0-9a-f]{32}\.png$/);
    const src = (await avatarSrc())!;
    // The <img> tags load it with the session's file cookie (they send no bearer token)...
    await expect.poll(() => imageLoaded(page.getByTestId('own-avatar').locator('img'))).toBe(true);
    await expect.poll(() => imageLoaded(page.getByTestId('user-menu').locator('img'))).toBe(true);
    const served = await page.request.get(`${baseUrl}${src}`);
    expect(served.status()).toBe(200);
    expect(served.headers()['content-type']).toBe('image/png');
    expect(served.headers()['cache-control']).toMatch(/^private, /);
    // ...and nobody without a session gets it.
    expect((await fetch(`${baseUrl}${src}`)).status).toBe(404);
    // A new page load keeps showing it: the cookie outlives the page, like the tokens.
    await page.reload();
    await expect.poll(() => imageLoaded(page.getByTestId('own-avatar').locator('img'))).toBe(true);
    await screenshot(page, 'personal-avatar');
  });

  it('draws and saves a signature', async () => {
    await page.getByRole('tab', { name: 'Electronic signature' }).click();
    const canvas = page.getByTestId('signature-canvas');
    const box = (await canvas.boundingBox())!;
    await page.mouse.move(box.x + 40, box.y + 150);
    await page.mouse.down();
    for (let i = 1; i <= 12; i++) await page.mouse.move(box.x + 40 + i * 30, box.y + 150 - Math.sin(i) * 50);
    await page.mouse.up();
    await page.getByRole('button', { name: 'Undo' }).waitFor();
    await page.getByRole('button', { name: 'Save signature' }).click();
    await page.getByText('Signature saved.').waitFor();
    await expect.poll(() => imageLoaded(page.getByTestId('saved-signature'))).toBe(true);
    await screenshot(page, 'personal-centre', true);
  });

  it('adds a schedule entry on the dashboard and marks it done', async () => {
    await page.goto(`${baseUrl}/dashboard/home`);
    const calendar = page.getByTestId('schedule-calendar');
    await calendar.getByRole('button', { name: 'Add schedule' }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByLabel('Schedule content').fill('Concrete pour inspection');
    await dialog.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Schedule saved.').waitFor();
    await calendar.getByText('Concrete pour inspection').waitFor();
    // The box follows the server: it shows checked once the status is saved and the list reloaded.
    const done = calendar.getByRole('checkbox', { name: 'Done' });
    await done.click();
    await page.getByText('Schedule status set success.').waitFor();
    await expect.poll(() => done.isChecked()).toBe(true);
    // The figures card counts from the product's records: this sign-in, and the entry just done.
    const figures = page.getByTestId('dashboard-figures');
    await figures.getByText(/This week: [1-9]\d* of [1-9]\d* done/).waitFor();
    expect(
      Number(
        await figures.getByTestId('figure-signInsToday').locator('.ant-statistic-content-value').innerText(),
      ),
    ).toBeGreaterThan(0);
    // The update log shows the newest release note first (0025_upgrade_log wrote CHANGELOG.md's steps).
    await page.getByTestId('changelog').getByText('What the first outside audit found').first().waitFor();
    await page.getByTestId('about-card').getByText('Lintel').first().waitFor();
    await screenshot(page, 'dashboard', true);
  });

  it('shows the about page', async () => {
    await page.getByTestId('about-card').getByRole('link', { name: 'More' }).click();
    await page.waitForURL(/\/about$/);
    await page.getByText('Defect rectification').waitFor();
    await screenshot(page, 'about', true);
  });

  it('changes the password, signs out and signs in with the new one', async () => {
    await page.goto(`${baseUrl}/system/userCenter`);
    await page.getByRole('tab', { name: 'Change password' }).click();
    const form = page.getByTestId('change-password');
    await form.getByLabel('Current password').fill('Lintel@2026');
    await form.getByLabel('New password').fill('weakpass');
    await form.getByLabel('Confirm password').fill('weakpass2');
    await form.getByRole('button', { name: 'Change password' }).click();
    await form
      .getByText(/6 to 16 characters/)
      .first()
      .waitFor();
    await form.getByText('The two passwords do not match.').waitFor();
    await form.getByLabel('New password').fill(NEW_PASSWORD);
    await form.getByLabel('Confirm password').fill(NEW_PASSWORD);
    await form.getByRole('button', { name: 'Change password' }).click();
    await page.waitForURL(/\/login/);
    await page.getByText('Password changed, please log in again.').waitFor();
    await signIn(page, 'member', NEW_PASSWORD);
  });
});

/** The tenant's system information as the demo tenant admin sees it (not saved: other suites read it). */
describe('system information settings', () => {
  it('shows the form with the save button for the tenant admin', async () => {
    const browser = await launchBrowser();
    try {
      const page = await browser.newPage({ viewport: { width: 1366, height: 900 } });
      await page.addInitScript(`localStorage.setItem('lintel:locale', JSON.stringify('en'))`);
      await signIn(page, 'admin', 'Lintel@2026');
      await page.goto(`${baseUrl}/system/infoSetting`);
      const form = page.getByTestId('info-setting');
      await form.getByLabel('System title').waitFor();
      expect(await form.getByLabel('System title').inputValue()).toBe('Lintel');
      await form.getByTestId('save-sys-info').waitFor();
      await screenshot(page, 'info-setting', true);
    } finally {
      await browser.close();
    }
  });
});
