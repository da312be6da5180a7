import type { SliderPuzzle, SliderTrackPoint } from '@lintel/contracts';

/**
 * The slider's client logic, free of React so it can be tested alone. The handle's position is a
 * ratio of its travel (0 at rest, 1 at the far end): the picture and the track stretch to the width
 * available, and the ratio maps onto the piece's position in picture pixels, which is what the
 * server checks.
 */

type Geometry = Pick<SliderPuzzle, 'width' | 'pieceSize'>;

const clamp01 = (v: number) => (v < 0 ? 0 : v > 1 ? 1 : v);

/** The piece's left edge in picture pixels for a handle ratio. */
export const pieceX = (ratio: number, puzzle: Geometry) =>
  Math.round(clamp01(ratio) * (puzzle.width - puzzle.pieceSize) * 10) / 10;

/** The handle ratio after the pointer moved from `startX` to `clientX` over a travel of `travelPx`. */
export function ratioFromPointer(
  startRatio: number,
  startX: number,
  clientX: number,
  travelPx: number,
): number {
  if (travelPx <= 0) return startRatio;
  return clamp01(startRatio + (clientX - startX) / travelPx);
}

/** Keyboard use: arrows move the piece (Shift: faster), Home/End jump, Enter or Space drops it. */
export function keyAction(key: string, shift: boolean): { move: number } | { to: 0 | 1 } | 'drop' | null {
  const step = shift ? 10 : 2;
  switch (key) {
    case 'ArrowRight':
    case 'ArrowUp':
      return { move: step };
    case 'ArrowLeft':
    case 'ArrowDown':
      return { move: -step };
    case 'Home':
      return { to: 0 };
    case 'End':
      return { to: 1 };
    case 'Enter':
    case ' ':
      return 'drop';
    default:
      return null;
  }
}

/** The ratio after a keyboard action (a move is in picture pixels). */
export function applyKey(ratio: number, action: { move: number } | { to: 0 | 1 }, puzzle: Geometry): number {
  if ('to' in action) return action.to;
  const travel = puzzle.width - puzzle.pieceSize;
  return travel > 0 ? clamp01(ratio + action.move / travel) : ratio;
}

const MIN_SAMPLE_MS = 16;
const MAX_SAMPLES = 400;

/**
 * The drag's track as the server wants it: the piece position in picture pixels with the time since
 * the press, at most one sample a frame (and a bounded number), and always the final position.
 */
export class DragTrack {
  private readonly samples: SliderTrackPoint[];

  constructor(
    private readonly startedAt: number,
    startX = 0,
  ) {
    this.samples = [{ x: startX, t: 0 }];
  }

  add(x: number, now: number): void {
    const t = Math.max(0, Math.round(now - this.startedAt));
    const last = this.samples[this.samples.length - 1]!;
    if (t - last.t < MIN_SAMPLE_MS || this.samples.length >= MAX_SAMPLES) return;
    this.samples.push({ x, t });
  }

  /** The samples with the drop position last. */
  finish(x: number, now: number): SliderTrackPoint[] {
    const t = Math.max(0, Math.round(now - this.startedAt));
    const last = this.samples[this.samples.length - 1]!;
    if (last.t === t) return [...this.samples.slice(0, -1), { x, t }];
    return [...this.samples, { x, t }];
  }

  get started(): number {
    return this.startedAt;
  }
}
