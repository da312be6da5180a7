import { describe, expect, it } from 'vitest';
import {
  emptySignature,
  signatureReducer,
  type SignatureAction,
  type SignatureState,
} from './signature-strokes';

const run = (actions: SignatureAction[], from: SignatureState = emptySignature) =>
  actions.reduce(signatureReducer, from);
const stroke = (x: number, color = '#000', width = 3): SignatureAction[] => [
  { type: 'start', x, y: 0, color, width },
  { type: 'move', x: x + 1, y: 1 },
  { type: 'move', x: x + 2, y: 2 },
  { type: 'end' },
];

describe('signature strokes', () => {
  it('records each stroke with its brush and points', () => {
    const state = run([...stroke(0, '#f00', 2), ...stroke(10, '#00f', 8)]);
    expect(state.drawing).toBe(false);
    expect(state.strokes).toEqual([
      {
        color: '#f00',
        width: 2,
        points: [
          [0, 0],
          [1, 1],
          [2, 2],
        ],
      },
      {
        color: '#00f',
        width: 8,
        points: [
          [10, 0],
          [11, 1],
          [12, 2],
        ],
      },
    ]);
  });

  it('ignores moves while the pointer is up', () => {
    const state = run([...stroke(0), { type: 'move', x: 50, y: 50 }]);
    expect(state.strokes[0]!.points).toHaveLength(3);
  });

  it('undo removes only the last stroke, and again the one before', () => {
    const two = run([...stroke(0), ...stroke(10)]);
    const one = signatureReducer(two, { type: 'undo' });
    expect(one.strokes).toEqual([two.strokes[0]]);
    expect(signatureReducer(one, { type: 'undo' }).strokes).toEqual([]);
    expect(signatureReducer(emptySignature, { type: 'undo' }).strokes).toEqual([]);
  });

  it('clear removes every stroke', () => {
    expect(run([...stroke(0), ...stroke(10), { type: 'clear' }])).toEqual(emptySignature);
  });
});
