import { crc32, inflateSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { createMemoryCache } from '../../platform/cache/memory-cache.js';
import { CAPTCHA_ALPHABET, renderCaptcha } from './captcha-image.js';
import { CAPTCHA_TTL_SECONDS, checkCaptcha, issueCaptcha, peekCaptcha } from './captcha.js';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

const payloadOf = (img: string) => {
  const [header, data = ''] = img.split(',');
  expect(header).toBe('data:image/png;base64');
  return Buffer.from(data, 'base64');
};

/** The chunks of a PNG file, in order, each CRC checked. */
function chunks(png: Buffer): { type: string; data: Buffer }[] {
  expect(png.subarray(0, 8).equals(PNG_SIGNATURE)).toBe(true);
  const found: { type: string; data: Buffer }[] = [];
  for (let offset = 8; offset < png.length;) {
    const length = png.readUInt32BE(offset);
    const typeAndData = png.subarray(offset + 4, offset + 8 + length);
    expect(png.readUInt32BE(offset + 8 + length)).toBe(crc32(typeAndData));
    found.push({ type: typeAndData.subarray(0, 4).toString('latin1'), data: typeAndData.subarray(4) });
    offset += 12 + length;
  }
  return found;
}

/** Decodes an 8-bit RGB PNG (any row filter) to its pixels, as a browser would. */
function decode(png: Buffer): { width: number; height: number; data: Uint8Array } {
  const list = chunks(png);
  const header = list.find((c) => c.type === 'IHDR')!.data;
  const [width, height] = [header.readUInt32BE(0), header.readUInt32BE(4)];
  expect([header[8], header[9], header[12]]).toEqual([8, 2, 0]); // 8-bit truecolour, not interlaced
  const raw = inflateSync(Buffer.concat(list.filter((c) => c.type === 'IDAT').map((c) => c.data)));
  const stride = width * 3;
  expect(raw.length).toBe((stride + 1) * height);
  const data = new Uint8Array(stride * height);
  for (let y = 0; y < height; y++) {
    const filter = raw[y * (stride + 1)]!;
    for (let i = 0; i < stride; i++) {
      const left = i >= 3 ? data[y * stride + i - 3]! : 0;
      const up = y > 0 ? data[(y - 1) * stride + i]! : 0;
      const corner = i >= 3 && y > 0 ? data[(y - 1) * stride + i - 3]! : 0;
      const p = left + up - corner;
      const [pa, pb, pc] = [Math.abs(p - left), Math.abs(p - up), Math.abs(p - corner)];
      const predictor = [0, left, up, (left + up) >> 1, pa <= pb && pa <= pc ? left : pb <= pc ? up : corner][
        filter
      ]!;
      data[y * stride + i] = (raw[y * (stride + 1) + 1 + i]! + predictor) & 0xff;
    }
  }
  return { width, height, data };
}

/** Share of pixels whose colour differs by more than a little between two images of one size. */
function differingShare(a: Uint8Array, b: Uint8Array): number {
  let differing = 0;
  for (let i = 0; i < a.length; i += 3) {
    const distance =
      Math.abs(a[i]! - b[i]!) + Math.abs(a[i + 1]! - b[i + 1]!) + Math.abs(a[i + 2]! - b[i + 2]!);
    if (distance > 60) differing++;
  }
  return differing / (a.length / 3);
}

describe('image captcha (issue 8, finding 5: the text must not be readable from the markup)', () => {
  it('is a raster PNG that decodes to pixels and carries no vector or text data', async () => {
    const { img, expirySeconds } = await issueCaptcha(createMemoryCache());
    expect(expirySeconds).toBe(CAPTCHA_TTL_SECONDS);
    const png = payloadOf(img);
    // Pixels only: no text chunks (tEXt, zTXt, iTXt) or anything else that could carry the answer.
    const types = chunks(png).map((c) => c.type);
    expect(types[0]).toBe('IHDR');
    expect(types.at(-1)).toBe('IEND');
    expect(new Set(types)).toEqual(new Set(['IHDR', 'IDAT', 'IEND']));
    const text = png.toString('latin1');
    for (const marker of ['<svg', '<path', ' d="', 'xmlns']) expect(text).not.toContain(marker);

    const bitmap = decode(png);
    expect([bitmap.width, bitmap.height]).toEqual([160, 50]);
    // A real picture: many colours, dark glyph pixels on a light background.
    const colours = new Set<number>();
    let dark = 0;
    for (let i = 0; i < bitmap.data.length; i += 3) {
      const [r, g, b] = [bitmap.data[i]!, bitmap.data[i + 1]!, bitmap.data[i + 2]!];
      colours.add((r << 16) | (g << 8) | b);
      if (r + g + b < 300) dark++;
    }
    expect(colours.size).toBeGreaterThan(500);
    expect(dark).toBeGreaterThan(400);
  });

  it('draws the same text differently every time', async () => {
    const [a, b] = [renderCaptcha('ACDE'), renderCaptcha('ACDE')];
    expect(a.equals(b)).toBe(false);
    const [pa, pb] = [decode(a), decode(b)];
    expect(differingShare(pa.data, pb.data)).toBeGreaterThan(0.1);
  });

  it('keeps the answer out of the payload and draws it from an alphabet without look-alikes', async () => {
    for (const ambiguous of '0OoQ1Iil5S8B2Z6G97K') expect(CAPTCHA_ALPHABET).not.toContain(ambiguous);
    const cache = createMemoryCache();
    const { id, img } = await issueCaptcha(cache);
    const answer = (await peekCaptcha(cache, id))!;
    expect(answer).toMatch(/^[a-z0-9]{4}$/);
    for (const c of answer.toUpperCase()) expect(CAPTCHA_ALPHABET).toContain(c);
    const png = payloadOf(img).toString('latin1');
    expect(png).not.toContain(answer);
    expect(png).not.toContain(answer.toUpperCase());
  });

  it('accepts the answer once, in any case, and burns the image on a wrong guess', async () => {
    const cache = createMemoryCache();
    const first = await issueCaptcha(cache);
    const answer = (await peekCaptcha(cache, first.id))!;
    expect(await cache.ttl(`captcha:${first.id}`)).toBeGreaterThan(CAPTCHA_TTL_SECONDS - 5);
    expect(await checkCaptcha(cache, first.id, ` ${answer.toUpperCase()} `)).toBe(true);
    expect(await checkCaptcha(cache, first.id, answer)).toBe(false);

    const second = await issueCaptcha(cache);
    const answer2 = (await peekCaptcha(cache, second.id))!;
    expect(await checkCaptcha(cache, second.id, `${answer2}x`)).toBe(false);
    expect(await checkCaptcha(cache, second.id, answer2)).toBe(false);

    expect(await checkCaptcha(cache, undefined, answer2)).toBe(false);
    expect(await checkCaptcha(cache, 'unknown', answer2)).toBe(false);
    const third = await issueCaptcha(cache);
    expect(await checkCaptcha(cache, third.id, '')).toBe(false);
    expect(await checkCaptcha(cache, third.id, undefined)).toBe(false);
  });
});
