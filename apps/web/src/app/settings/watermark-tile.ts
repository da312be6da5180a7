/** SPEC 9 watermark: tiled, rotated -20 degrees, 12 px text, grey at 30 % opacity. */
export const WATERMARK_STYLE = { angleDeg: -20, fontPx: 12, color: 'rgba(128, 128, 128, 0.3)' };

/** One tile of the watermark as a PNG data URL (the overlay repeats it), or '' without a canvas. */
export function watermarkTile(text: string): string {
  const canvas = document.createElement('canvas');
  const ctx = canvas.getContext('2d');
  if (!ctx) return '';
  const font = `${WATERMARK_STYLE.fontPx}px sans-serif`;
  ctx.font = font;
  const width = Math.max(200, Math.ceil(ctx.measureText(text).width) + 80);
  canvas.width = width;
  canvas.height = 130;
  ctx.font = font;
  ctx.fillStyle = WATERMARK_STYLE.color;
  ctx.textAlign = 'center';
  ctx.textBaseline = 'middle';
  ctx.translate(width / 2, canvas.height / 2);
  ctx.rotate((WATERMARK_STYLE.angleDeg * Math.PI) / 180);
  ctx.fillText(text, 0, 0);
  return canvas.toDataURL('image/png');
}
