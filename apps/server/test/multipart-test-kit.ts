import { deflateSync } from 'node:zlib';
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

function crc32(data: Buffer): number {
  let crc = ~0;
  for (const byte of data) {
    crc ^= byte;
    for (let k = 0; k < 8; k++) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

function chunk(type: string, data: Buffer): Buffer {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/** A real 1x1 PNG (a decoder opens it), optionally padded to a size with an ancillary chunk. */
export function tinyPng(padTo = 0): Buffer {
  const header = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(1, 0);
  ihdr.writeUInt32BE(1, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const idat = deflateSync(Buffer.from([0, 255, 0, 0, 255]));
  const parts = [header, chunk('IHDR', ihdr), chunk('IDAT', idat)];
  const base = parts.reduce((n, p) => n + p.length, 0) + 12;
  if (padTo > base + 12) parts.push(chunk('teXt', Buffer.alloc(padTo - base - 12, 0x61)));
  parts.push(chunk('IEND', Buffer.alloc(0)));
  return Buffer.concat(parts);
}

/** JPEG and WebP openings: enough for the content check, which reads the first bytes. */
export const JPEG_BYTES = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), Buffer.alloc(64, 1)]);
export const WEBP_BYTES = Buffer.concat([
  Buffer.from('RIFF'),
  Buffer.from([64, 0, 0, 0]),
  Buffer.from('WEBPVP8 '),
  Buffer.alloc(56, 1),
]);
