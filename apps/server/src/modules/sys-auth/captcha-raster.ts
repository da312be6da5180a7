import type { Point } from './captcha-font.js';

export type Rgb = [number, number, number];

/** Sub-scanlines per pixel row; across a row, span ends are covered exactly. */
const SUBSAMPLES = 5;

/**
 * A small anti-aliased RGB canvas: fills polygons (nonzero rule) and strokes polylines, each shape
 * first into a coverage buffer and then blended once, so overlapping parts of one shape do not
 * darken twice.
 */
export class Raster {
  /** RGB, row by row; clamped, so shading may overshoot 0-255. */
  readonly pixels: Uint8ClampedArray;
  private readonly cover: Float32Array;

  constructor(
    readonly width: number,
    readonly height: number,
  ) {
    this.pixels = new Uint8ClampedArray(width * height * 3);
    this.cover = new Float32Array(width * height);
  }

  /** Fills closed polygons given in pixel coordinates. */
  fill(contours: Point[][], colour: Rgb, alpha = 1): void {
    const edges: { x0: number; y0: number; slope: number; y1: number; dir: number }[] = [];
    let top = Infinity;
    let bottom = -Infinity;
    for (const contour of contours) {
      for (let i = 0; i < contour.length; i++) {
        const a = contour[i]!;
        const b = contour[(i + 1) % contour.length]!;
        if (a.y === b.y) continue;
        const [lo, hi, dir] = a.y < b.y ? [a, b, 1] : [b, a, -1];
        edges.push({ x0: lo.x, y0: lo.y, y1: hi.y, slope: (hi.x - lo.x) / (hi.y - lo.y), dir });
        top = Math.min(top, lo.y);
        bottom = Math.max(bottom, hi.y);
      }
    }
    const first = Math.max(0, Math.floor(top * SUBSAMPLES));
    const last = Math.min(this.height * SUBSAMPLES - 1, Math.ceil(bottom * SUBSAMPLES));
    const crossings: { x: number; dir: number }[] = [];
    for (let sub = first; sub <= last; sub++) {
      const y = (sub + 0.5) / SUBSAMPLES;
      crossings.length = 0;
      for (const e of edges)
        if (y >= e.y0 && y < e.y1) crossings.push({ x: e.x0 + (y - e.y0) * e.slope, dir: e.dir });
      crossings.sort((p, q) => p.x - q.x);
      const row = Math.floor(y);
      let winding = 0;
      let start = 0;
      for (const { x, dir } of crossings) {
        const before = winding;
        winding += dir;
        if (before === 0 && winding !== 0) start = x;
        else if (before !== 0 && winding === 0) this.span(row, start, x, 1 / SUBSAMPLES);
      }
    }
    this.blend(colour, alpha, first / SUBSAMPLES, (last + 1) / SUBSAMPLES, 0, this.width);
  }

  /** Strokes an open polyline with round joins and ends. */
  stroke(points: Point[], lineWidth: number, colour: Rgb, alpha = 1): void {
    const half = lineWidth / 2;
    let [minX, minY, maxX, maxY] = [Infinity, Infinity, -Infinity, -Infinity];
    for (let i = 0; i + 1 < points.length; i++) {
      const a = points[i]!;
      const b = points[i + 1]!;
      const x0 = Math.max(0, Math.floor(Math.min(a.x, b.x) - half - 1));
      const x1 = Math.min(this.width - 1, Math.ceil(Math.max(a.x, b.x) + half + 1));
      const y0 = Math.max(0, Math.floor(Math.min(a.y, b.y) - half - 1));
      const y1 = Math.min(this.height - 1, Math.ceil(Math.max(a.y, b.y) + half + 1));
      [minX, minY, maxX, maxY] = [
        Math.min(minX, x0),
        Math.min(minY, y0),
        Math.max(maxX, x1),
        Math.max(maxY, y1),
      ];
      const dx = b.x - a.x;
      const dy = b.y - a.y;
      const length2 = dx * dx + dy * dy || 1;
      for (let y = y0; y <= y1; y++) {
        for (let x = x0; x <= x1; x++) {
          const t = Math.max(0, Math.min(1, ((x + 0.5 - a.x) * dx + (y + 0.5 - a.y) * dy) / length2));
          const distance = Math.hypot(x + 0.5 - a.x - t * dx, y + 0.5 - a.y - t * dy);
          const coverage = Math.max(0, Math.min(1, half + 0.5 - distance));
          const i = y * this.width + x;
          if (coverage > this.cover[i]!) this.cover[i] = coverage;
        }
      }
    }
    if (minX <= maxX) this.blend(colour, alpha, minY, maxY + 1, minX, maxX + 1);
  }

  /** A filled disc. */
  dot(centre: Point, radius: number, colour: Rgb, alpha = 1): void {
    this.stroke([centre, centre], radius * 2, colour, alpha);
  }

  /** Adds the part of a sub-scanline span [from, to) that falls on each pixel of a row. */
  private span(row: number, from: number, to: number, weight: number): void {
    const a = Math.max(0, from);
    const b = Math.min(this.width, to);
    if (b <= a) return;
    const base = row * this.width;
    const ia = Math.floor(a);
    const ib = Math.floor(b);
    if (ia === ib) {
      this.cover[base + ia]! += (b - a) * weight;
      return;
    }
    this.cover[base + ia]! += (ia + 1 - a) * weight;
    for (let x = ia + 1; x < ib; x++) this.cover[base + x]! += weight;
    if (ib < this.width) this.cover[base + ib]! += (b - ib) * weight;
  }

  /** Paints the coverage collected in a box with one colour and clears it for the next shape. */
  private blend(colour: Rgb, alpha: number, top: number, bottom: number, left: number, right: number): void {
    const y0 = Math.max(0, Math.floor(top));
    const y1 = Math.min(this.height, Math.ceil(bottom));
    for (let y = y0; y < y1; y++) {
      for (let x = left; x < right; x++) {
        const i = y * this.width + x;
        const coverage = Math.min(1, this.cover[i]!) * alpha;
        if (coverage <= 0) continue;
        this.cover[i] = 0;
        for (let c = 0; c < 3; c++) {
          const p = i * 3 + c;
          this.pixels[p] = this.pixels[p]! + (colour[c]! - this.pixels[p]!) * coverage;
        }
      }
    }
  }
}
