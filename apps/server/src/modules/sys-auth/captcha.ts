import { randomUUID } from 'node:crypto';
import type { Cache } from '../../platform/cache/index.js';
import { randomCaptchaText, renderCaptcha } from './captcha-image.js';
import { pngDataUrl } from './slider/png.js';

export const CAPTCHA_TTL_SECONDS = 60;
const key = (id: string) => `captcha:${id}`;

/**
 * Image captcha: four characters drawn into a PNG (captcha-image.ts: only pixels, no outlines or
 * text to read off), the answer kept in the shared cache for 60 s, lower-cased, and usable once.
 */
export async function issueCaptcha(
  cache: Cache,
): Promise<{ id: string; img: string; expirySeconds: number }> {
  const text = randomCaptchaText();
  const img = pngDataUrl(renderCaptcha(text));
  const id = randomUUID();
  await cache.set(key(id), text.toLowerCase(), CAPTCHA_TTL_SECONDS);
  return { id, img, expirySeconds: CAPTCHA_TTL_SECONDS };
}

/** Checks and consumes an answer; a wrong guess also consumes it (no retries on one image). */
export async function checkCaptcha(
  cache: Cache,
  id: string | undefined,
  answer: string | undefined,
): Promise<boolean> {
  if (!id || !answer) return false;
  const expected = await cache.take<string>(key(id));
  return expected !== undefined && expected === answer.trim().toLowerCase();
}

/** For tests: the answer of an issued captcha, without consuming it. */
export function peekCaptcha(cache: Cache, id: string): Promise<string | undefined> {
  return cache.get<string>(key(id));
}
