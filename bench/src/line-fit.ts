/** A point of a time series, e.g. minutes since the start and megabytes. */
export interface Point {
  x: number;
  y: number;
}

/**
 * The least-squares line through `points` (ordinary, in y): `slope` in y per x, and the slope's
 * standard error (how far the points scatter about the line lets the slope move; NaN under three
 * points). Needs two points at different x.
 */
export function lineFit(points: readonly Point[]): { slope: number; intercept: number; slopeError: number } {
  const n = points.length;
  const meanX = points.reduce((sum, p) => sum + p.x, 0) / n;
  const meanY = points.reduce((sum, p) => sum + p.y, 0) / n;
  let sxx = 0;
  let sxy = 0;
  for (const { x, y } of points) {
    sxx += (x - meanX) ** 2;
    sxy += (x - meanX) * (y - meanY);
  }
  if (!(sxx > 0)) throw new Error('a line fit needs two points at different x');
  const slope = sxy / sxx;
  const intercept = meanY - slope * meanX;
  const residuals = points.reduce((sum, { x, y }) => sum + (y - intercept - slope * x) ** 2, 0);
  return { slope, intercept, slopeError: n > 2 ? Math.sqrt(residuals / (n - 2) / sxx) : NaN };
}
