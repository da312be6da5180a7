import { describe, expect, it } from 'vitest';
import { clampCrop, sourceRect } from './crop-math';

describe('avatar crop', () => {
  it('shows the centred square of the shorter side at zoom 1', () => {
    expect(sourceRect({ zoom: 1, x: 0, y: 0 }, 400, 200, 100)).toEqual({ sx: 100, sy: 0, size: 200 });
  });

  it('shows a smaller square when zoomed, and moves against the drag', () => {
    const { size, sx, sy } = sourceRect({ zoom: 2, x: 10, y: 0 }, 200, 200, 100);
    expect(size).toBe(100);
    expect(sx).toBeCloseTo(40);
    expect(sy).toBe(50);
  });

  it('keeps the image covering the viewport', () => {
    expect(clampCrop({ zoom: 1, x: 500, y: 500 }, 400, 200, 100)).toEqual({ zoom: 1, x: 50, y: 0 });
    expect(clampCrop({ zoom: 9, x: 0, y: 0 }, 100, 100, 100).zoom).toBe(4);
    expect(clampCrop({ zoom: 0.2, x: 0, y: 0 }, 100, 100, 100).zoom).toBe(1);
    const edge = clampCrop({ zoom: 1, x: -500, y: 0 }, 400, 200, 100);
    expect(sourceRect(edge, 400, 200, 100).sx).toBeCloseTo(200);
  });
});
