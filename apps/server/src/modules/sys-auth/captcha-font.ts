import { readFileSync } from 'node:fs';

/**
 * Reads glyph outlines from a TrueType font (the `glyf` flavour: quadratic curves), enough for the
 * captcha's few characters: the cmap format 4 lookup, loca, simple and composite glyphs. Curves
 * come back flattened into polygons, in em units with y pointing down, so callers only transform
 * and fill points.
 */

export interface Point {
  x: number;
  y: number;
}

export interface GlyphOutline {
  /** Closed polygons; the nonzero rule gives the glyph (holes run the other way round). */
  contours: Point[][];
  /** Bounding box in em units, y down. */
  minX: number;
  maxX: number;
  minY: number;
  maxY: number;
}

/** Segments per quadratic curve: smooth at the 30-40 px the captcha draws. */
const CURVE_STEPS = 6;

function tables(font: Buffer): Map<string, number> {
  const found = new Map<string, number>();
  const count = font.readUInt16BE(4);
  for (let i = 0; i < count; i++) {
    const record = 12 + i * 16;
    found.set(font.toString('latin1', record, record + 4), font.readUInt32BE(record + 8));
  }
  for (const tag of ['head', 'cmap', 'loca', 'glyf'])
    if (!found.has(tag)) throw new Error(`font has no ${tag} table (not a TrueType outline font)`);
  return found;
}

/** Glyph index of a character through the Unicode BMP subtable (format 4). */
function glyphIndexer(font: Buffer, cmap: number): (code: number) => number {
  const subtables = font.readUInt16BE(cmap + 2);
  for (let i = 0; i < subtables; i++) {
    const record = cmap + 4 + i * 8;
    const platform = font.readUInt16BE(record);
    const encoding = font.readUInt16BE(record + 2);
    const table = cmap + font.readUInt32BE(record + 4);
    if (!((platform === 3 && encoding === 1) || platform === 0) || font.readUInt16BE(table) !== 4) continue;
    const segments = font.readUInt16BE(table + 6) / 2;
    const ends = table + 14;
    const starts = ends + segments * 2 + 2;
    const deltas = starts + segments * 2;
    const rangeOffsets = deltas + segments * 2;
    return (code) => {
      for (let s = 0; s < segments; s++) {
        if (font.readUInt16BE(ends + s * 2) < code) continue;
        const start = font.readUInt16BE(starts + s * 2);
        if (start > code) return 0;
        const delta = font.readInt16BE(deltas + s * 2);
        const rangeOffset = font.readUInt16BE(rangeOffsets + s * 2);
        if (rangeOffset === 0) return (code + delta) & 0xffff;
        const glyph = font.readUInt16BE(rangeOffsets + s * 2 + rangeOffset + (code - start) * 2);
        return glyph === 0 ? 0 : (glyph + delta) & 0xffff;
      }
      return 0;
    };
  }
  throw new Error('font has no Unicode cmap subtable of format 4');
}

/** A contour of on- and off-curve points as a polygon (implied on-curve midpoints added). */
function flatten(points: { x: number; y: number; on: boolean }[]): Point[] {
  if (points.length === 0) return [];
  const startIndex = points.findIndex((p) => p.on);
  const first = points[startIndex] ?? {
    x: (points[0]!.x + points.at(-1)!.x) / 2,
    y: (points[0]!.y + points.at(-1)!.y) / 2,
    on: true,
  };
  const ring =
    startIndex >= 0 ? [...points.slice(startIndex + 1), ...points.slice(0, startIndex + 1)] : points;
  const out: Point[] = [{ x: first.x, y: first.y }];
  let current: Point = first;
  let control: Point | undefined;
  const curveTo = (c: Point, end: Point) => {
    for (let step = 1; step <= CURVE_STEPS; step++) {
      const t = step / CURVE_STEPS;
      const u = 1 - t;
      out.push({
        x: u * u * current.x + 2 * u * t * c.x + t * t * end.x,
        y: u * u * current.y + 2 * u * t * c.y + t * t * end.y,
      });
    }
    current = end;
  };
  for (const p of startIndex >= 0 ? ring : [...ring, first]) {
    if (p.on) {
      if (control) curveTo(control, p);
      else out.push((current = { x: p.x, y: p.y }));
      control = undefined;
    } else if (control) {
      curveTo(control, { x: (control.x + p.x) / 2, y: (control.y + p.y) / 2 });
      control = p;
    } else control = p;
  }
  if (control) curveTo(control, first);
  return out;
}

type Transform = [number, number, number, number, number, number];

/** Outlines of one glyph in font units (y up), composite glyphs resolved. */
function readGlyph(
  font: Buffer,
  glyf: number,
  offsetOf: (glyph: number) => [number, number],
  glyph: number,
  t: Transform,
): Point[][] {
  const [start, end] = offsetOf(glyph);
  if (start === end) return []; // an empty glyph (a space)
  const at = glyf + start;
  const contourCount = font.readInt16BE(at);
  if (contourCount < 0) return readComposite(font, glyf, offsetOf, at + 10, t);
  const endPoints = Array.from({ length: contourCount }, (_, i) => font.readUInt16BE(at + 10 + i * 2));
  const pointCount = (endPoints.at(-1) ?? -1) + 1;
  let p = at + 10 + contourCount * 2;
  p += 2 + font.readUInt16BE(p); // instructions
  const flags: number[] = [];
  while (flags.length < pointCount) {
    const flag = font[p++]!;
    flags.push(flag);
    if (flag & 8) for (let repeat = font[p++]!; repeat > 0; repeat--) flags.push(flag);
  }
  const coordinates = (short: number, same: number) => {
    const values: number[] = [];
    let value = 0;
    for (const flag of flags) {
      if (flag & short) {
        value += flag & same ? font[p]! : -font[p]!;
        p += 1;
      } else if (!(flag & same)) {
        value += font.readInt16BE(p); // otherwise "same": the value repeats
        p += 2;
      }
      values.push(value);
    }
    return values;
  };
  const xs = coordinates(2, 16);
  const ys = coordinates(4, 32);
  const contours: Point[][] = [];
  let first = 0;
  for (const last of endPoints) {
    const points = [];
    for (let i = first; i <= last; i++)
      points.push({
        x: t[0] * xs[i]! + t[2] * ys[i]! + t[4],
        y: t[1] * xs[i]! + t[3] * ys[i]! + t[5],
        on: (flags[i]! & 1) === 1,
      });
    contours.push(flatten(points));
    first = last + 1;
  }
  return contours;
}

function readComposite(
  font: Buffer,
  glyf: number,
  offsetOf: (glyph: number) => [number, number],
  p: number,
  t: Transform,
): Point[][] {
  const contours: Point[][] = [];
  for (let more = true; more;) {
    const flags = font.readUInt16BE(p);
    const component = font.readUInt16BE(p + 2);
    p += 4;
    const words = flags & 1;
    const dx = words ? font.readInt16BE(p) : font.readInt8(p);
    const dy = words ? font.readInt16BE(p + 2) : font.readInt8(p + 1);
    p += words ? 4 : 2;
    if (!(flags & 2)) throw new Error('composite glyphs placed by point numbers are not supported');
    // The component's own scale, x and y scales or 2x2 matrix (F2Dot14 numbers), if any.
    const f = (i: number) => font.readInt16BE(p + i * 2) / 16384;
    let matrix: [number, number, number, number] = [1, 0, 0, 1];
    if (flags & 8) {
      matrix = [f(0), 0, 0, f(0)];
      p += 2;
    } else if (flags & 0x40) {
      matrix = [f(0), 0, 0, f(1)];
      p += 4;
    } else if (flags & 0x80) {
      matrix = [f(0), f(1), f(2), f(3)];
      p += 8;
    }
    const [a, b, c, d] = matrix;
    const inner: Transform = [
      t[0] * a + t[2] * b,
      t[1] * a + t[3] * b,
      t[0] * c + t[2] * d,
      t[1] * c + t[3] * d,
      t[0] * dx + t[2] * dy + t[4],
      t[1] * dx + t[3] * dy + t[5],
    ];
    contours.push(...readGlyph(font, glyf, offsetOf, component, inner));
    more = (flags & 0x20) !== 0;
  }
  return contours;
}

/** Loads the outlines of `characters` from a TrueType file, scaled to em units with y down. */
export function loadGlyphOutlines(file: URL | string, characters: string): Map<string, GlyphOutline> {
  const font = readFileSync(file);
  const found = tables(font);
  const head = found.get('head')!;
  const unitsPerEm = font.readUInt16BE(head + 18);
  const longOffsets = font.readInt16BE(head + 50) === 1;
  const loca = found.get('loca')!;
  const offsetOf = (glyph: number): [number, number] =>
    longOffsets
      ? [font.readUInt32BE(loca + glyph * 4), font.readUInt32BE(loca + glyph * 4 + 4)]
      : [font.readUInt16BE(loca + glyph * 2) * 2, font.readUInt16BE(loca + glyph * 2 + 2) * 2];
  const indexOf = glyphIndexer(font, found.get('cmap')!);
  const outlines = new Map<string, GlyphOutline>();
  for (const character of characters) {
    const glyph = indexOf(character.codePointAt(0)!);
    if (glyph === 0) throw new Error(`font has no glyph for ${JSON.stringify(character)}`);
    const scale = 1 / unitsPerEm;
    const contours = readGlyph(font, found.get('glyf')!, offsetOf, glyph, [scale, 0, 0, -scale, 0, 0]);
    const all = contours.flat();
    if (all.length === 0) throw new Error(`glyph for ${JSON.stringify(character)} is empty`);
    outlines.set(character, {
      contours,
      minX: Math.min(...all.map((q) => q.x)),
      maxX: Math.max(...all.map((q) => q.x)),
      minY: Math.min(...all.map((q) => q.y)),
      maxY: Math.max(...all.map((q) => q.y)),
    });
  }
  return outlines;
}
