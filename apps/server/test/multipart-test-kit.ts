import { encodePng } from '../../../tools/png.mjs';
import type { TestApp } from './harness.js';

/** Test helpers for upload suites (not a test file itself). */

/** A multipart/form-data body with one file field. */
export function multipartBody(file: Buffer, fileName = 'image.png', type = 'image/png', field = 'file') {
  const boundary = `----lintel${Math.random().toString(16).slice(2)}`;
  const head = Buffer.from(
    `--${boundary}\r\nContent-Disposition: form-data; name="${field}"; filename="${fileName}"\r\nContent-Type: ${type}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  return {
    payload: Buffer.concat([head, file, tail]),
    contentType: `multipart/form-data; boundary=${boundary}`,
  };
}

/** Posts one file to an upload endpoint with a token. */
export async function upload(
  t: TestApp,
  url: string,
  token: string | undefined,
  file: Buffer,
  fileName?: string,
  type?: string,
) {
  const { payload, contentType } = multipartBody(file, fileName, type);
  return t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'content-type': contentType, ...(token ? { authorization: `Bearer ${token}` } : {}) },
  });
}

/** A real 1x1 PNG (a decoder opens it), optionally padded to a size with an ancillary chunk. */
export function tinyPng(padTo = 0): Buffer {
  const picture = {
    width: 1,
    height: 1,
    colourType: 6 as const,
    scanlines: Buffer.from([0, 255, 0, 0, 255]),
  };
  const plain = encodePng(picture);
  // A chunk costs 12 bytes besides its data.
  if (padTo <= plain.length + 12) return plain;
  return encodePng({
    ...picture,
    extra: [{ type: 'teXt', data: Buffer.alloc(padTo - plain.length - 12, 0x61) }],
  });
}

/** JPEG and WebP openings: enough for the content check, which reads the first bytes. */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([64, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(56, 1),
]);
