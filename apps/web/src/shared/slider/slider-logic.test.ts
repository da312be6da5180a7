import { describe, expect, it } from 'vitest';
import { applyKey, DragTrack, keyAction, pieceX, ratioFromPointer } from './slider-logic';

const puzzle = { width: 310, pieceSize: 56 };

describe('slider logic', () => {
  it('maps the handle ratio onto the piece position in picture pixels', () => {
    expect(pieceX(0, puzzle)).toBe(0);
    expect(pieceX(1, puzzle)).toBe(254);
    expect(pieceX(0.5, puzzle)).toBe(127);
    expect(pieceX(1.4, puzzle)).toBe(254);
    expect(pieceX(-1, puzzle)).toBe(0);
  });

  it('follows the pointer along the travel, clamped at both ends', () => {
    expect(ratioFromPointer(0, 100, 200, 400)).toBe(0.25);
    expect(ratioFromPointer(0.5, 100, 0, 400)).toBe(0.25);
    expect(ratioFromPointer(0.5, 100, 900, 400)).toBe(1);
    expect(ratioFromPointer(0.2, 100, -900, 400)).toBe(0);
    expect(ratioFromPointer(0.3, 0, 50, 0)).toBe(0.3);
  });

  it('moves with the arrow keys and drops with Enter or Space', () => {
    expect(keyAction('ArrowRight', false)).toEqual({ move: 2 });
    expect(keyAction('ArrowLeft', true)).toEqual({ move: -10 });
    expect(keyAction('End', false)).toEqual({ to: 1 });
    expect(keyAction('Enter', false)).toBe('drop');
    expect(keyAction(' ', false)).toBe('drop');
    expect(keyAction('a', false)).toBeNull();
    const r = applyKey(0, { move: 127 }, puzzle);
    expect(pieceX(r, puzzle)).toBe(127);
    expect(applyKey(0.9, { move: 100 }, puzzle)).toBe(1);
    expect(applyKey(0.9, { to: 0 }, puzzle)).toBe(0);
  });

  it('records a track from the press: at most one sample a frame, the drop always last', () => {
    const track = new DragTrack(1000);
    track.add(5, 1010); // same frame as the press: skipped
    track.add(10, 1020);
    track.add(12, 1025); // too soon after the last sample
    track.add(40, 1100);
    expect(track.finish(42, 1300)).toEqual([
      { x: 0, t: 0 },
      { x: 10, t: 20 },
      { x: 40, t: 100 },
      { x: 42, t: 300 },
    ]);
    const quick = new DragTrack(0);
    expect(quick.finish(3, 0)).toEqual([{ x: 3, t: 0 }]);
  });

  it('keeps the track bounded however long the drag', () => {
    const track = new DragTrack(0);
    for (let i = 1; i < 2000; i++) track.add(i % 200, i * 20);
    expect(track.finish(100, 50_000).length).toBeLessThanOrEqual(401);
  });
});
