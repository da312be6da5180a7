import { randomUUID } from 'node:crypto';
import svgCaptcha from 'svg-captcha';
import type { Cache } from '../../platform/cache/index.js';

export const CAPTCHA_TTL_SECONDS = 60;
const key = (id: string) => `captcha:${id}`;

/**
 * Image captcha: glyphs drawn as SVG paths with noise lines (no text nodes to read off), the answer
 * kept in the shared cache for 60 s and usable once.
 */
export async function issueCaptcha(
  cache: Cache,
): Promise<{ id: string; img: string; expirySeconds: number }> {
  const { data, text } = svgCaptcha.create({
    size: 4,
    noise: 3,
    ignoreChars: '0oO1lIi',
    color: true,
    width: 150,
    height: 50,
  });
  const id = randomUUID();
  await cache.set(key(id), text.toLowerCase(), CAPTCHA_TTL_SECONDS);
  return {
    id,
    img: `data:image/svg+xml;base64,${Buffer.from(data).toString('base64')}`,
    expirySeconds: CAPTCHA_TTL_SECONDS,
  };
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
