import { randomBytes } from 'node:crypto';
import {
  SLIDER_TOLERANCE_PX,
  SLIDER_TTL_SECONDS,
  type SliderPass,
  type SliderPuzzle,
  type SliderTrackPoint,
} from '@lintel/contracts';
import type { Cache } from '../../../platform/cache/index.js';
import { badRequest } from '../../../platform/http/errors.js';
import { formatIso } from '../../../platform/http/result.js';
import { drawPuzzle, PIECE_SIZE, PUZZLE_HEIGHT, PUZZLE_WIDTH } from './puzzle-image.js';

/**
 * The slider captcha: the server draws a picture with a hole and keeps the hole's position; the
 * client drags the piece there and sends where it dropped it with the drag's track. A good answer
 * buys a single-use pass token that sign-in then requires (tenant setting second_ver). Any failed
 * answer burns the puzzle, so positions cannot be tried one after the other.
 */

interface StoredPuzzle {
  x: number;
  tenantId: string;
  issuedAt: number;
}
interface StoredPass {
  tenantId: string;
}

const puzzleKey = (id: string) => `slider:puzzle:${id}`;
const passKey = (token: string) => `slider:pass:${token}`;
const randomToken = () => randomBytes(16).toString('base64url');

/** A person takes at least this long to drag; scripts that post the answer at once do not. */
export const MIN_DRAG_MS = 200;
export const MIN_TRACK_POINTS = 5;

export async function issueSliderPuzzle(cache: Cache, tenantId: string): Promise<SliderPuzzle> {
  const puzzle = drawPuzzle();
  const id = randomToken();
  const stored: StoredPuzzle = { x: puzzle.x, tenantId, issuedAt: Date.now() };
  await cache.set(puzzleKey(id), stored, SLIDER_TTL_SECONDS);
  return {
    id,
    background: puzzle.background,
    piece: puzzle.piece,
    pieceY: puzzle.y,
    pieceSize: PIECE_SIZE,
    width: PUZZLE_WIDTH,
    height: PUZZLE_HEIGHT,
    expiresAt: formatIso(new Date(Date.now() + SLIDER_TTL_SECONDS * 1000)),
  };
}

/**
 * Whether a drag looks like a person's: it starts at the rest position, moves forward in time,
 * lasts long enough with several samples, stays on the picture and ends where the piece was dropped.
 * Not proof of a human (nothing client-side is), but it turns away replayed and scripted answers
 * that do not bother to fake a drag.
 */
export function plausibleTrack(track: SliderTrackPoint[] | undefined, x: number): boolean {
  if (!track || track.length < MIN_TRACK_POINTS) return false;
  const first = track[0]!;
  const last = track[track.length - 1]!;
  if (first.x > SLIDER_TOLERANCE_PX) return false;
  if (last.t - first.t < MIN_DRAG_MS) return false;
  if (Math.abs(last.x - x) > SLIDER_TOLERANCE_PX) return false;
  for (let i = 0; i < track.length; i++) {
    const point = track[i]!;
    if (point.x < -SLIDER_TOLERANCE_PX || point.x > PUZZLE_WIDTH) return false;
    if (i > 0 && point.t < track[i - 1]!.t) return false;
  }
  return true;
}

/** Checks an answer (consuming the puzzle either way) and returns a pass token for sign-in. */
export async function verifySliderAnswer(
  cache: Cache,
  input: { id: string; x: number; track?: SliderTrackPoint[] },
): Promise<SliderPass> {
  const stored = await cache.take<StoredPuzzle>(puzzleKey(input.id));
  if (!stored) throw badRequest('signin.sliderExpired');
  const elapsed = Date.now() - stored.issuedAt;
  const good =
    Math.abs(input.x - stored.x) <= SLIDER_TOLERANCE_PX &&
    elapsed >= MIN_DRAG_MS &&
    plausibleTrack(input.track, input.x);
  if (!good) throw badRequest('signin.sliderFailed');
  const passToken = randomToken();
  const pass: StoredPass = { tenantId: stored.tenantId };
  await cache.set(passKey(passToken), pass, SLIDER_TTL_SECONDS);
  return { passToken, expiresAt: formatIso(new Date(Date.now() + SLIDER_TTL_SECONDS * 1000)) };
}

/** Spends a pass token; true only for an unused, unexpired token issued for this tenant. */
export async function consumeSliderPass(cache: Cache, token: string, tenantId: string): Promise<boolean> {
  const pass = await cache.take<StoredPass>(passKey(token));
  return pass?.tenantId === tenantId;
}

/** For tests: the answer of an issued puzzle, without consuming it. */
export async function peekSliderAnswer(cache: Cache, id: string): Promise<number | undefined> {
  return (await cache.get<StoredPuzzle>(puzzleKey(id)))?.x;
}
