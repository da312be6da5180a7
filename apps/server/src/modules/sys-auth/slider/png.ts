import { deflateSync } from 'node:zlib';

/**
 * A minimal PNG encoder (8-bit RGB or RGBA, no interlace) over node:zlib, enough for the slider
 * captcha's pictures without an image library. Each row is written with the "sub" filter: the
 * pictures are mostly smooth gradients, which that filter turns into long runs deflate packs well.
 */

const CRC_TABLE = (() => {
  const table = new Uint32Array(256);
  for (let n = 0; n < 256; n++) {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    table[n] = c >>> 0;
  }
  return table;
})();

/** CRC-32 as PNG chunks use it (ISO 3309). */
export function crc32(bytes: Uint8Array): number {
  let c = 0xffffffff;
  for (const byte of bytes) c = CRC_TABLE[(c ^ byte) & 0xff]! ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}

function chunk(type: string, data: Uint8Array): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'ascii');
  out.set(data, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);

export interface RasterImage {
  width: number;
  height: number;
  /** 3 (RGB) or 4 (RGBA) bytes per pixel, rows top to bottom. */
  channels: 3 | 4;
  pixels: Uint8Array;
}

export function encodePng({ width, height, channels, pixels }: RasterImage): Buffer {
  if (pixels.length !== width * height * channels) throw new Error('pixel buffer size mismatch');
  const stride = width * channels;
  const filtered = Buffer.alloc((stride + 1) * height);
  for (let y = 0; y < height; y++) {
    const row = y * (stride + 1);
    filtered[row] = 1; // filter type "sub": each byte minus the same channel of the pixel to its left
    for (let i = 0; i < stride; i++) {
      const value = pixels[y * stride + i]!;
      const left = i >= channels ? pixels[y * stride + i - channels]! : 0;
      filtered[row + 1 + i] = (value - left) & 0xff;
    }
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = channels === 4 ? 6 : 2; // colour type: truecolour with alpha, or truecolour
  // compression, filter method and interlace stay 0
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    // Level 6: level 9 takes four times as long on these pictures for 10 % fewer bytes.
    chunk('IDAT', deflateSync(filtered, { level: 6 })),
    chunk('IEND', new Uint8Array(0)),
  ]);
}

export const pngDataUrl = (png: Buffer) => `data:image/png;base64,${png.toString('base64')}`;
