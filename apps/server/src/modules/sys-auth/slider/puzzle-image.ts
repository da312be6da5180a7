import { randomInt } from 'node:crypto';
import { encodePng, pngDataUrl } from './png.js';

/**
 * The pictures of the slider captcha, drawn in plain JavaScript: a procedural construction-site
 * skyline (sky gradient, sun, hills, buildings with windows, a crane, specks) with a puzzle-shaped
 * hole at a random place, and the piece cut out of the same picture. Every picture is new, so an
 * answer cannot be looked up from earlier ones; the specks make pixel-exact template matching
 * of the hole's edge a little harder.
 */

export const PUZZLE_WIDTH = 310;
export const PUZZLE_HEIGHT = 160;
/** The piece's square box: a 40 px body, with room for its knobs on every side. */
export const PIECE_SIZE = 56;
const BODY = 40;
const PAD = (PIECE_SIZE - BODY) / 2;
const KNOB = 7;

type Rgb = [number, number, number];

const clamp = (v: number) => (v < 0 ? 0 : v > 255 ? 255 : Math.round(v));
const mix = (a: Rgb, b: Rgb, t: number): Rgb => [
  a[0] + (b[0] - a[0]) * t,
  a[1] + (b[1] - a[1]) * t,
  a[2] + (b[2] - a[2]) * t,
];
/** A colour from hue (0-360), saturation and lightness (0-1). */
function hsl(h: number, s: number, l: number): Rgb {
  const k = (n: number) => (n + h / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => l - a * Math.max(-1, Math.min(k(n) - 3, Math.min(9 - k(n), 1)));
  return [f(0) * 255, f(8) * 255, f(4) * 255];
}
const rand = (min: number, max: number) => min + Math.random() * (max - min);

/** Whether a point (piece coordinates, pixel units) lies inside the puzzle shape. */
function insideShape(x: number, y: number): boolean {
  const dist = (cx: number, cy: number) => Math.sqrt((x - cx) ** 2 + (y - cy) ** 2);
  const mid = PAD + BODY / 2;
  if (dist(PAD, mid) <= KNOB) return false; // a notch bitten into the left side
  if (dist(mid, PAD) <= KNOB) return true; // knob on top
  if (dist(PAD + BODY, mid) <= KNOB) return true; // knob on the right
  return x >= PAD && x <= PAD + BODY && y >= PAD && y <= PAD + BODY;
}

/** Coverage (0-1) of each piece pixel, 4x4 supersampled so the edges are smooth. */
function computeCoverage(): Float32Array {
  const cover = new Float32Array(PIECE_SIZE * PIECE_SIZE);
  for (let py = 0; py < PIECE_SIZE; py++)
    for (let px = 0; px < PIECE_SIZE; px++) {
      let hits = 0;
      for (let sy = 0; sy < 4; sy++)
        for (let sx = 0; sx < 4; sx++) if (insideShape(px + (sx + 0.5) / 4, py + (sy + 0.5) / 4)) hits++;
      cover[py * PIECE_SIZE + px] = hits / 16;
    }
  return cover;
}

let coverage: { cover: Float32Array; rim: Float32Array } | undefined;
/** The shape never changes: its coverage and rim are computed once. */
export function pieceShape() {
  if (!coverage) {
    const cover = computeCoverage();
    coverage = { cover, rim: rimOf(cover) };
  }
  return coverage;
}

/** Pixels on the rim of the shape (partly covered, or covered next to an uncovered one). */
function rimOf(cover: Float32Array): Float32Array {
  const rim = new Float32Array(cover.length);
  const at = (x: number, y: number) =>
    x < 0 || y < 0 || x >= PIECE_SIZE || y >= PIECE_SIZE ? 0 : cover[y * PIECE_SIZE + x]!;
  for (let y = 0; y < PIECE_SIZE; y++)
    for (let x = 0; x < PIECE_SIZE; x++) {
      const c = at(x, y);
      if (c === 0) continue;
      const outside = Math.min(at(x - 1, y), at(x + 1, y), at(x, y - 1), at(x, y + 1));
      rim[y * PIECE_SIZE + x] = c < 1 ? 1 : outside < 1 ? 0.85 : 0;
    }
  return rim;
}

/** The scene, as RGB floats per pixel. */
function drawScene(): Float32Array {
  const w = PUZZLE_WIDTH;
  const h = PUZZLE_HEIGHT;
  const img = new Float32Array(w * h * 3);
  const hue = rand(0, 360);
  const top = hsl(hue, rand(0.45, 0.75), rand(0.35, 0.55));
  const bottom = hsl((hue + rand(30, 70)) % 360, rand(0.5, 0.8), rand(0.7, 0.85));
  const put = (x: number, y: number, c: Rgb, alpha = 1) => {
    const i = (y * w + x) * 3;
    img[i] = img[i]! + (c[0] - img[i]!) * alpha;
    img[i + 1] = img[i + 1]! + (c[1] - img[i + 1]!) * alpha;
    img[i + 2] = img[i + 2]! + (c[2] - img[i + 2]!) * alpha;
  };
  for (let y = 0; y < h; y++) {
    const row = mix(top, bottom, y / h);
    for (let x = 0; x < w; x++) put(x, y, row);
  }
  // Sun with a soft halo.
  const sun = { x: rand(30, w - 30), y: rand(18, 60), r: rand(12, 22) };
  const sunColor = hsl((hue + 180) % 360, 0.9, 0.75);
  for (let y = 0; y < h; y++)
    for (let x = 0; x < w; x++) {
      const d = Math.sqrt((x - sun.x) ** 2 + (y - sun.y) ** 2);
      if (d < sun.r * 2.2) put(x, y, sunColor, d <= sun.r ? 0.95 : 0.35 * (1 - (d - sun.r) / (sun.r * 1.2)));
    }
  // Two ranges of hills, the nearer darker.
  for (let layer = 0; layer < 2; layer++) {
    const base = h * (layer === 0 ? 0.55 : 0.7);
    const amp = rand(8, 18);
    const freq = rand(0.015, 0.04);
    const phase = rand(0, Math.PI * 2);
    const colour = hsl((hue + 100 + layer * 20) % 360, 0.35, layer === 0 ? 0.45 : 0.3);
    for (let x = 0; x < w; x++) {
      const ridge = base + Math.sin(x * freq + phase) * amp + Math.sin(x * freq * 2.7) * amp * 0.3;
      for (let y = Math.max(0, Math.floor(ridge)); y < h; y++) put(x, y, colour, 0.9);
    }
  }
  // Buildings with lit windows along the bottom.
  let x = Math.floor(rand(-10, 10));
  while (x < w) {
    const bw = Math.floor(rand(18, 42));
    const bh = Math.floor(rand(30, 85));
    const colour = hsl((hue + rand(180, 240)) % 360, rand(0.1, 0.3), rand(0.2, 0.4));
    const light = hsl(rand(40, 55), 0.9, 0.7);
    for (let y = h - bh; y < h; y++)
      for (let bx = Math.max(0, x); bx < Math.min(w, x + bw); bx++) {
        const window =
          (bx - x) % 7 >= 3 && (bx - x) % 7 <= 5 && (y - (h - bh)) % 9 >= 3 && (y - (h - bh)) % 9 <= 6;
        put(bx, y, window && (bx * 7 + y * 3) % 5 !== 0 ? light : colour);
      }
    x += bw + Math.floor(rand(2, 14));
  }
  // A tower crane: mast and jib.
  const mast = Math.floor(rand(40, w - 40));
  const jibY = Math.floor(rand(22, 45));
  const steel = hsl(rand(35, 50), 0.85, 0.5);
  for (let y = jibY; y < h; y++) for (let dx = 0; dx < 3; dx++) put(mast + dx, y, steel);
  for (let jx = Math.max(0, mast - 70); jx < Math.min(w, mast + 40); jx++)
    for (let dy = 0; dy < 3; dy++) put(jx, jibY + dy, steel);
  // Sparse specks rather than grain on every pixel: full grain would make the PNG ten times larger.
  for (let i = 0; i < (w * h) / 60; i++) {
    const sx = Math.floor(rand(0, w));
    const sy = Math.floor(rand(0, h));
    put(sx, sy, Math.random() < 0.5 ? [255, 255, 255] : [0, 0, 0], rand(0.1, 0.3));
  }
  return img;
}

export interface Puzzle {
  /** Left edge of the hole in picture pixels: the answer, kept on the server. */
  x: number;
  /** Top edge of the hole and of the piece. */
  y: number;
  background: string;
  piece: string;
}

/** A fresh puzzle: the answer position and both pictures as PNG data URLs. */
export function drawPuzzle(): Puzzle {
  const scene = drawScene();
  const { cover, rim } = pieceShape();
  // The hole never starts under the piece's resting place at the left edge.
  const hx = randomInt(PIECE_SIZE + 20, PUZZLE_WIDTH - PIECE_SIZE - 8);
  const hy = randomInt(8, PUZZLE_HEIGHT - PIECE_SIZE - 8);

  const piece = new Uint8Array(PIECE_SIZE * PIECE_SIZE * 4);
  const background = new Uint8Array(PUZZLE_WIDTH * PUZZLE_HEIGHT * 3);
  for (let i = 0; i < PUZZLE_WIDTH * PUZZLE_HEIGHT; i++)
    for (let c = 0; c < 3; c++) background[i * 3 + c] = clamp(scene[i * 3 + c]!);

  for (let py = 0; py < PIECE_SIZE; py++)
    for (let px = 0; px < PIECE_SIZE; px++) {
      const k = py * PIECE_SIZE + px;
      const coverage = cover[k]!;
      if (coverage === 0) continue;
      const s = ((hy + py) * PUZZLE_WIDTH + hx + px) * 3;
      const original: Rgb = [scene[s]!, scene[s + 1]!, scene[s + 2]!];
      // The piece: the cut-out, with a light outline.
      const lit = mix(original, [255, 255, 255], rim[k]! * 0.75);
      piece.set([clamp(lit[0]), clamp(lit[1]), clamp(lit[2]), clamp(coverage * 255)], k * 4);
      // The hole: darkened, with a faint light rim.
      const shaded = mix(mix(original, [0, 0, 0], 0.55), [255, 255, 255], rim[k]! * 0.45);
      const onto = mix(original, shaded, coverage);
      background.set([clamp(onto[0]), clamp(onto[1]), clamp(onto[2])], s);
    }

  return {
    x: hx,
    y: hy,
    background: pngDataUrl(
      encodePng({ width: PUZZLE_WIDTH, height: PUZZLE_HEIGHT, channels: 3, pixels: background }),
    ),
    piece: pngDataUrl(encodePng({ width: PIECE_SIZE, height: PIECE_SIZE, channels: 4, pixels: piece })),
  };
}
