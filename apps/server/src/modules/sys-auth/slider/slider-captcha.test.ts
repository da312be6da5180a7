import { inflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestApp, DEMO_PASSWORD, SEED_IDS, type TestApp } from '../../../../test/harness.js';
import { createOtherTenant } from '../../../../test/tenants.js';
import { crc32 } from './png.js';
import { peekSliderAnswer, plausibleTrack } from './slider-captcha.js';

const en = { 'accept-language': 'en' };
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** A drag from the rest position to `x` over 400 ms in 12 samples, easing out like a hand. */
const humanTrack = (x: number) =>
  Array.from({ length: 12 }, (_, i) => ({ x: Math.round(x * (1 - (1 - i / 11) ** 2)), t: i * 36 }));

/** Width, height and colour type from a PNG data: URL, after checking every chunk's CRC. */
function readPng(dataUrl: string) {
  const bytes = Buffer.from(dataUrl.replace(/^data:image\/png;base64,/, ''), 'base64');
  expect(bytes.subarray(0, 8)).toEqual(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]));
  let offset = 8;
  const idat: Buffer[] = [];
  while (offset < bytes.length) {
    const length = bytes.readUInt32BE(offset);
    const typeAndData = bytes.subarray(offset + 4, offset + 8 + length);
    expect(bytes.readUInt32BE(offset + 8 + length)).toBe(crc32(typeAndData));
    if (typeAndData.subarray(0, 4).toString() === 'IDAT') idat.push(typeAndData.subarray(4));
    offset += 12 + length;
  }
  const width = bytes.readUInt32BE(16);
  const height = bytes.readUInt32BE(20);
  const channels = bytes[25] === 6 ? 4 : 3;
  // Filter byte + one row per line: the image data inflates to exactly that size.
  expect(inflateSync(Buffer.concat(idat)).length).toBe(height * (1 + width * channels));
  return { width, height, channels };
}

async function setSecondVer(t: TestApp, tenantId: string, on: boolean) {
  await t.ctx.db.platform((trx) =>
    trx.updateTable('sysTenant').set({ secondVer: on, captcha: false }).where('id', '=', tenantId).execute(),
  );
  await t.ctx.tenants.invalidate(tenantId);
}

describe('slider captcha', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ LINTEL_CAPTCHA: 'on' });
    await setSecondVer(t, SEED_IDS.tenant, true);
  });
  afterAll(async () => t?.close());

  const puzzle = async (tenantId?: string) => {
    const res = await t.call('GET', `/api/sysAuth/sliderCaptcha${tenantId ? `?tenantId=${tenantId}` : ''}`);
    expect(res.statusCode).toBe(200);
    const result = res.json().result as { id: string; background: string; piece: string; pieceY: number };
    return { ...result, answer: (await peekSliderAnswer(t.ctx.cache, result.id))! };
  };
  const verify = (body: object) => t.call('POST', '/api/sysAuth/sliderCaptcha/verify', undefined, body, en);
  const solve = async (tenantId?: string) => {
    const p = await puzzle(tenantId);
    await sleep(210);
    const res = await verify({ id: p.id, x: p.answer + 3, track: humanTrack(p.answer + 3) });
    expect(res.statusCode).toBe(200);
    return res.json().result.passToken as string;
  };
  const login = (extra: object = {}) =>
    t.call(
      'POST',
      '/api/sysAuth/login',
      undefined,
      { account: 'admin', password: t.encrypt(DEMO_PASSWORD), ...extra },
      en,
    );

  it('serves a PNG picture and piece; the answer stays on the server for 120 s', async () => {
    const res = await t.call('GET', '/api/sysAuth/sliderCaptcha');
    const p = res.json().result;
    expect(p).toMatchObject({ width: 310, height: 160, pieceSize: 56 });
    expect(readPng(p.background)).toEqual({ width: 310, height: 160, channels: 3 });
    expect(readPng(p.piece)).toEqual({ width: 56, height: 56, channels: 4 });
    expect(p.pieceY).toBeGreaterThanOrEqual(0);
    expect(p.pieceY + 56).toBeLessThanOrEqual(160);
    expect(JSON.stringify(p)).not.toMatch(/"x"/);
    expect(await t.ctx.cache.ttl(`slider:puzzle:${p.id}`)).toBeGreaterThan(115);
    const second = (await t.call('GET', '/api/sysAuth/sliderCaptcha')).json().result;
    expect(second.background).not.toBe(p.background);
  });

  it('passes a drop within 6 px after a human-looking drag; the pass lives 120 s', async () => {
    const p = await puzzle();
    await sleep(210);
    const res = await verify({ id: p.id, x: p.answer - 6, track: humanTrack(p.answer - 6) });
    expect(res.statusCode).toBe(200);
    const { passToken } = res.json().result;
    expect(passToken).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(await t.ctx.cache.ttl(`slider:pass:${passToken}`)).toBeGreaterThan(115);
  });

  it('refuses a wrong position and burns the puzzle', async () => {
    const p = await puzzle();
    await sleep(210);
    const wrong = await verify({ id: p.id, x: p.answer + 7, track: humanTrack(p.answer + 7) });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toBe('Verification failed. Please try again with the new picture.');
    const retry = await verify({ id: p.id, x: p.answer, track: humanTrack(p.answer) });
    expect(retry.json().message).toBe('The puzzle has expired. Please try the new one.');
  });

  it('refuses the right position without a drag, with a too-short one, or too soon', async () => {
    for (const track of [
      undefined,
      humanTrack(0).slice(0, 3),
      humanTrack(1).map((s) => ({ ...s, t: s.t / 4 })),
    ]) {
      const p = await puzzle();
      await sleep(210);
      const res = await verify({ id: p.id, x: p.answer, ...(track ? { track } : {}) });
      expect(res.statusCode).toBe(400);
    }
    const p = await puzzle();
    const instant = await verify({ id: p.id, x: p.answer, track: humanTrack(p.answer) });
    expect(instant.statusCode).toBe(400);
  });

  it('names a malformed answer in a 400', async () => {
    const res = await verify({ id: 'short', x: 'left' });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/id|x/);
  });

  it('requires a pass token to sign in when the tenant turns the slider on', async () => {
    const info = (await t.call('GET', `/api/sysTenant/sysInfo/${SEED_IDS.tenant}`)).json().result;
    expect(info.secondVer).toBe(true);
    const missing = await login();
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe('Please drag the slider to complete the verification.');
    const bogus = await login({ sliderToken: 'not-a-real-token-at-all' });
    expect(bogus.json().message).toBe(
      'The slider verification has expired or was already used. Please verify again.',
    );
    const passToken = await solve();
    expect((await login({ sliderToken: passToken })).statusCode).toBe(200);
    // Single use.
    const reuse = await login({ sliderToken: passToken });
    expect(reuse.statusCode).toBe(400);
    expect(reuse.json().message).toMatch(/expired or was already used/);
  });

  it('guards mobile sign-in the same way', async () => {
    const body = { phone: '13800000001', code: '123456' };
    const res = await t.call('POST', '/api/sysAuth/loginPhone', undefined, body, en);
    expect(res.json().message).toBe('Please drag the slider to complete the verification.');
    const passed = await t.call(
      'POST',
      '/api/sysAuth/loginPhone',
      undefined,
      { ...body, sliderToken: await solve() },
      en,
    );
    // Past the slider: now it is the SMS code that is wrong.
    expect(passed.json().message).toBe('The SMS code is wrong or has expired.');
  });

  it('does not accept a pass token of another tenant', async () => {
    const other = await createOtherTenant(t);
    const foreign = await solve(other.tenantId);
    const res = await login({ sliderToken: foreign });
    expect(res.statusCode).toBe(400);
    expect(res.json().message).toMatch(/expired or was already used/);
  });

  it('lets pass tokens and puzzles expire after 120 s', async ({ skip }) => {
    if (t.ctx.cache.kind !== 'memory') skip('expiry is Redis’s own on Redis');
    const passToken = await solve();
    const p = await puzzle();
    vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 121_000 });
    try {
      expect((await login({ sliderToken: passToken })).json().message).toMatch(/expired or was already used/);
      expect((await verify({ id: p.id, x: p.answer, track: humanTrack(p.answer) })).json().message).toMatch(
        /puzzle has expired/,
      );
    } finally {
      vi.useRealTimers();
    }
  });

  it('is not asked for when second_ver is off, nor under LINTEL_CAPTCHA=off', async () => {
    await setSecondVer(t, SEED_IDS.tenant, false);
    expect((await login()).statusCode).toBe(200);
    await setSecondVer(t, SEED_IDS.tenant, true);
    const automation = await createTestApp();
    try {
      await setSecondVer(automation, SEED_IDS.tenant, true);
      const info = (await automation.call('GET', `/api/sysTenant/sysInfo/${SEED_IDS.tenant}`)).json().result;
      expect(info.secondVer).toBe(false);
      await automation.login('admin');
    } finally {
      await automation.close();
    }
  });
});

describe('plausibleTrack', () => {
  it('wants a forward-in-time drag from the start, long enough, ending at the drop', () => {
    expect(plausibleTrack(humanTrack(120), 120)).toBe(true);
    expect(plausibleTrack(humanTrack(120), 140)).toBe(false); // ends elsewhere
    expect(plausibleTrack(humanTrack(120).slice(4), 120)).toBe(false); // starts mid-way
    expect(plausibleTrack(humanTrack(120).reverse(), 0)).toBe(false); // time runs backwards
    expect(plausibleTrack([...humanTrack(120), { x: 999, t: 500 }], 999)).toBe(false); // off the picture
  });
});
