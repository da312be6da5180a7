import jsqr from 'jsqr';
import { describe, expect, it } from 'vitest';
import { qrSvgDataUrl } from './qr-svg.js';

// jsqr is CommonJS with an ES-style default: typed as the module under NodeNext, the function at run time.
const jsQR = jsqr.default ?? (jsqr as unknown as typeof jsqr.default);

/** Paints the SVG's rectangles (M x y h w v1 h-w z) at 4 px a module, as a camera would see them. */
function rasterize(dataUrl: string) {
  const svg = Buffer.from(dataUrl.replace('data:image/svg+xml;base64,', ''), 'base64').toString();
  const size = Number(/viewBox="0 0 (\d+) \1"/.exec(svg)![1]);
  const scale = 4;
  const side = size * scale;
  const pixels = new Uint8ClampedArray(side * side * 4).fill(255);
  for (const [, x, y, w] of svg.matchAll(/M(\d+) (\d+)h(\d+)v1h-\d+z/g)) {
    for (let py = Number(y) * scale; py < (Number(y) + 1) * scale; py++)
      for (let px = Number(x) * scale; px < (Number(x) + Number(w)) * scale; px++)
        pixels.fill(0, (py * side + px) * 4, (py * side + px) * 4 + 3);
  }
  return { pixels, side };
}

describe('qrSvgDataUrl', () => {
  it('draws a QR code a scanner reads back', () => {
    const url = 'https://lintel.example.test/qr/confirm?ticket=AbCdEfGhIjKlMnOpQrStUv&tid=1300000009001';
    const { pixels, side } = rasterize(qrSvgDataUrl(url));
    expect(jsQR(pixels, side, side)?.data).toBe(url);
  });
});
