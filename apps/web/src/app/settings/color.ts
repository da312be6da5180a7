/** Small colour helpers for the frame's bars (hex in, CSS out); no colour library for three functions. */

function rgb(hex: string): [number, number, number] | null {
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(hex.trim());
  if (!m) return null;
  const h = m[1]!.length === 3 ? [...m[1]!].map((c) => c + c).join('') : m[1]!;
  return [0, 2, 4].map((i) => parseInt(h.slice(i, i + 2), 16)) as [number, number, number];
}

/** The colour mixed with white by `amount` (0 to 1); non-hex input comes back unchanged. */
export function lighten(color: string, amount: number): string {
  const c = rgb(color);
  if (!c) return color;
  const mix = c.map((v) => Math.round(v + (255 - v) * amount));
  return `#${mix.map((v) => v.toString(16).padStart(2, '0')).join('')}`;
}

/** A bar background: flat, or a gradient towards a lighter shade when the gradient switch is on. */
export function barBackground(color: string, gradual: boolean, direction = 'to right'): string {
  return gradual ? `linear-gradient(${direction}, ${color}, ${lighten(color, 0.5)})` : color;
}

/** Whether text on this background should be light (rough perceived luminance). */
export function isDarkColor(color: string): boolean {
  const c = rgb(color);
  if (!c) return false;
  return (c[0] * 299 + c[1] * 587 + c[2] * 114) / 1000 < 140;
}

export const isHexColor = (value: string): boolean => rgb(value) !== null;
