import type { Point } from './captcha-font.js';

const rand = (min: number, max: number) => min + Math.random() * (max - min);

/**
 * A random smooth distortion of the picture plane: rows sway sideways and columns bob up and down
 * along two sine waves. Applied to the outlines before they are filled, it bends the font's straight
 * stems and even curves, and lines and glyphs bend together.
 */
export function randomWarp(): (p: Point) => Point {
  const sway = { amplitude: rand(1.5, 3), period: rand(25, 45), phase: rand(0, Math.PI * 2) };
  const bob = { amplitude: rand(2, 4), period: rand(50, 110), phase: rand(0, Math.PI * 2) };
  return ({ x, y }) => ({
    x: x + sway.amplitude * Math.sin((2 * Math.PI * y) / sway.period + sway.phase),
    y: y + bob.amplitude * Math.sin((2 * Math.PI * x) / bob.period + bob.phase),
  });
}

/** The polygon with no edge longer than `step` pixels, so that a warp bends long straight edges. */
export function densify(points: Point[], step: number, closed: boolean): Point[] {
  const out: Point[] = [];
  const count = closed ? points.length : points.length - 1;
  for (let i = 0; i < count; i++) {
    const a = points[i]!;
    const b = points[(i + 1) % points.length]!;
    const pieces = Math.max(1, Math.ceil(Math.hypot(b.x - a.x, b.y - a.y) / step));
    for (let k = 0; k < pieces; k++)
      out.push({ x: a.x + ((b.x - a.x) * k) / pieces, y: a.y + ((b.y - a.y) * k) / pieces });
  }
  if (!closed && points.length > 0) out.push(points.at(-1)!);
  return out;
}
