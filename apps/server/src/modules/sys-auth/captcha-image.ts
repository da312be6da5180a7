import { randomInt } from 'node:crypto';
import { loadGlyphOutlines, type GlyphOutline, type Point } from './captcha-font.js';
import { Raster, type Rgb } from './captcha-raster.js';
import { densify, randomWarp } from './captcha-warp.js';
import { encodePng } from './slider/png.js';

/**
 * The sign-in captcha as a raster picture. The SVG it replaces drew each glyph as the font's own
 * outline, so a script matched the paths to the font and read every image (issue 8, finding 5).
 * Only pixels leave the server now: glyphs of a bundled font (DejaVu Sans Bold, licence in
 * assets/fonts/LICENSE-DejaVu.txt), each rotated, scaled and moved on its own, the outlines warped,
 * crossed by lines and dots in the glyphs' own colours, on a grainy two-tone background.
 *
 * Drawn by the few lines of captcha-raster.ts rather than a canvas library: the public captcha
 * route should cost little CPU, and pureimage took 25-45 ms per picture where this takes a few.
 */
export const CAPTCHA_WIDTH = 160;
export const CAPTCHA_HEIGHT = 50;
export const CAPTCHA_LENGTH = 4;
/**
 * Capitals and digits without look-alikes: none of 0/O/Q, 1/I, 2/Z, 5/S, 6/G, 8/B, and none that
 * read as another once bent, turned and crossed by a line (9 as g, 7 as J or T, K as X). Answers
 * are compared case-insensitively, so drawing capitals only loses nothing. 20^4 = 160 000 answers.
 */
export const CAPTCHA_ALPHABET = 'ACDEFHJLMNPRTUVWXY34';

const FONT_FILE = new URL('../../../assets/fonts/DejaVuSans-Bold.ttf', import.meta.url);
let glyphCache: Map<string, GlyphOutline> | undefined;
const glyphOutlines = () => (glyphCache ??= loadGlyphOutlines(FONT_FILE, CAPTCHA_ALPHABET));

/** A new random answer: the text comes from the CSPRNG; the drawing's jitter need not. */
export function randomCaptchaText(): string {
  let text = '';
  for (let i = 0; i < CAPTCHA_LENGTH; i++) text += CAPTCHA_ALPHABET[randomInt(CAPTCHA_ALPHABET.length)];
  return text;
}

const rand = (min: number, max: number) => min + Math.random() * (max - min);
const pick = <T>(items: T[]): T => items[Math.floor(Math.random() * items.length)]!;

/** RGB of a hue (degrees), saturation and lightness (0-1). */
function hsl(h: number, s: number, l: number): Rgb {
  const hue = ((h % 360) + 360) % 360;
  const k = (n: number) => (n + hue / 30) % 12;
  const a = s * Math.min(l, 1 - l);
  const f = (n: number) => Math.round(255 * (l - a * Math.max(-1, Math.min(k(n) - 3, 9 - k(n), 1))));
  return [f(0), f(8), f(4)];
}

/** The colour darkened until its luminance leaves the glyphs readable on the light background. */
function darkEnough(colour: Rgb): Rgb {
  let [r, g, b] = colour;
  while (0.2126 * r + 0.7152 * g + 0.0722 * b > 90) [r, g, b] = [r * 0.85, g * 0.85, b * 0.85];
  return [Math.round(r), Math.round(g), Math.round(b)];
}

/** A light gradient between two tints with grain on every pixel. */
function paintBackground(raster: Raster, hue: number): void {
  const from = hsl(hue + rand(-40, 40), rand(0.3, 0.6), rand(0.85, 0.92));
  const to = hsl(hue + rand(-40, 40), rand(0.3, 0.6), rand(0.85, 0.92));
  const { width, height, pixels } = raster;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = (x / width) * 0.7 + (y / height) * 0.3;
      const grain = rand(-16, 16);
      const i = (y * width + x) * 3;
      for (let c = 0; c < 3; c++) pixels[i + c] = from[c]! + (to[c]! - from[c]!) * t + grain + rand(-6, 6);
    }
  }
}

/** A bezier curve from the left edge to the right one, through the band the glyphs sit in. */
function curvePoints(): Point[] {
  const mid = () => rand(12, CAPTCHA_HEIGHT - 12);
  const [p0, p1, p2, p3] = [
    { x: rand(-10, 20), y: mid() },
    { x: rand(30, 70), y: rand(-25, CAPTCHA_HEIGHT + 25) },
    { x: rand(90, 130), y: rand(-25, CAPTCHA_HEIGHT + 25) },
    { x: rand(CAPTCHA_WIDTH - 20, CAPTCHA_WIDTH + 10), y: mid() },
  ];
  const points: Point[] = [];
  for (let step = 0; step <= 40; step++) {
    const t = step / 40;
    const u = 1 - t;
    const [a, b, c, d] = [u * u * u, 3 * u * u * t, 3 * u * t * t, t * t * t];
    points.push({
      x: a * p0.x + b * p1.x + c * p2.x + d * p3.x,
      y: a * p0.y + b * p1.y + c * p2.y + d * p3.y,
    });
  }
  return points;
}

/** One glyph's outline placed at `centre`: its own size, rotation and horizontal and vertical scale. */
function placeGlyph(glyph: GlyphOutline, centre: Point, warp: (p: Point) => Point): Point[][] {
  const size = rand(32, 40);
  const angle = rand(-0.35, 0.35);
  const [sx, sy] = [size * rand(0.8, 1.15), size * rand(0.85, 1.15)];
  const [cos, sin] = [Math.cos(angle), Math.sin(angle)];
  const [gx, gy] = [(glyph.minX + glyph.maxX) / 2, (glyph.minY + glyph.maxY) / 2];
  return glyph.contours.map((contour) =>
    densify(
      contour.map((p) => {
        const [x, y] = [(p.x - gx) * sx, (p.y - gy) * sy];
        return { x: centre.x + x * cos - y * sin, y: centre.y + x * sin + y * cos };
      }),
      2,
      true,
    ).map(warp),
  );
}

/** The PNG of one captcha picture of `text`; every call draws it anew. */
export function renderCaptcha(text: string): Buffer {
  const glyphs = glyphOutlines();
  const raster = new Raster(CAPTCHA_WIDTH, CAPTCHA_HEIGHT);
  const hue = rand(0, 360);
  // Dark and middle tones of neighbouring hues. The lines and dots use the same ones, so colour
  // alone does not tell them from the glyphs.
  const ink = Array.from({ length: 4 }, () =>
    darkEnough(hsl(hue + rand(-50, 50), rand(0.45, 0.85), rand(0.2, 0.42))),
  );
  const faint = Array.from({ length: 3 }, () => hsl(hue + rand(-60, 60), rand(0.3, 0.6), rand(0.5, 0.72)));
  const warp = randomWarp();

  paintBackground(raster, hue + 180);
  for (let i = 0; i < 3; i++) raster.stroke(curvePoints(), rand(1, 2), pick(faint), 0.8);
  for (let i = 0; i < 30; i++) raster.dot(randomPoint(), rand(0.6, 1.4), pick(faint));

  const slot = (CAPTCHA_WIDTH - 20) / text.length;
  [...text].forEach((character, i) => {
    const glyph = glyphs.get(character);
    if (!glyph) throw new Error(`no glyph for ${JSON.stringify(character)}`);
    const centre = { x: 10 + slot * (i + 0.5) + rand(-4, 4), y: CAPTCHA_HEIGHT / 2 + rand(-4, 4) };
    raster.fill(placeGlyph(glyph, centre, warp), ink[i % ink.length]!);
  });

  for (let i = 0; i < 2; i++)
    raster.stroke(densify(curvePoints(), 3, false).map(warp), rand(1.4, 2.2), pick(ink));
  for (let i = 0; i < 40; i++) raster.dot(randomPoint(), rand(0.5, 1.3), pick([...ink, ...faint]));
  const pixels = new Uint8Array(raster.pixels.buffer);
  return encodePng({ width: CAPTCHA_WIDTH, height: CAPTCHA_HEIGHT, channels: 3, pixels });
}

const randomPoint = (): Point => ({ x: rand(0, CAPTCHA_WIDTH), y: rand(0, CAPTCHA_HEIGHT) });
