/**
 * The drawing of the signature pad as data: strokes of points with their brush. Undo drops the
 * last stroke, clear drops them all; the canvas is redrawn from this list, so what is saved is
 * exactly what the list holds.
 */
export interface Stroke {
  color: string;
  width: number;
  points: [number, number][];
}

export interface SignatureState {
  strokes: Stroke[];
  /** True while the pointer is down: points go to the last stroke. */
  drawing: boolean;
}

export type SignatureAction =
  | { type: 'start'; x: number; y: number; color: string; width: number }
  | { type: 'move'; x: number; y: number }
  | { type: 'end' }
  | { type: 'undo' }
  | { type: 'clear' };

export const emptySignature: SignatureState = { strokes: [], drawing: false };

export function signatureReducer(state: SignatureState, action: SignatureAction): SignatureState {
  switch (action.type) {
    case 'start':
      return {
        drawing: true,
        strokes: [
          ...state.strokes,
          { color: action.color, width: action.width, points: [[action.x, action.y]] },
        ],
      };
    case 'move': {
      if (!state.drawing || state.strokes.length === 0) return state;
      const last = state.strokes[state.strokes.length - 1]!;
      return {
        ...state,
        strokes: [...state.strokes.slice(0, -1), { ...last, points: [...last.points, [action.x, action.y]] }],
      };
    }
    case 'end':
      return state.drawing ? { ...state, drawing: false } : state;
    case 'undo':
      return { drawing: false, strokes: state.strokes.slice(0, -1) };
    case 'clear':
      return emptySignature;
  }
}

/** Paints strokes on a 2D context (round caps, so a single tap leaves a dot). */
export function paintStrokes(
  ctx: CanvasRenderingContext2D,
  strokes: readonly Stroke[],
  width: number,
  height: number,
) {
  ctx.clearRect(0, 0, width, height);
  ctx.lineCap = 'round';
  ctx.lineJoin = 'round';
  for (const stroke of strokes) {
    ctx.strokeStyle = stroke.color;
    ctx.lineWidth = stroke.width;
    ctx.beginPath();
    const [first, ...rest] = stroke.points;
    if (!first) continue;
    ctx.moveTo(first[0], first[1]);
    if (rest.length === 0) ctx.lineTo(first[0] + 0.01, first[1]);
    for (const [x, y] of rest) ctx.lineTo(x, y);
    ctx.stroke();
  }
}
