import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderPage } from '../../test/render-page';
import { SignaturePad } from './signature-pad';

const draw = (canvas: HTMLElement, x: number) => {
  fireEvent.pointerDown(canvas, { clientX: x, clientY: 10, pointerId: 1 });
  fireEvent.pointerMove(canvas, { clientX: x + 5, clientY: 20, pointerId: 1 });
  fireEvent.pointerUp(canvas, { clientX: x + 5, clientY: 20, pointerId: 1 });
};
const button = (name: RegExp) => screen.getByRole('button', { name });
const disabled = (name: RegExp) => (button(name) as HTMLButtonElement).disabled;

describe('SignaturePad', () => {
  it('enables undo, clear and save only while something is drawn', async () => {
    await renderPage(<SignaturePad saved={null} onSave={vi.fn()} />);
    const canvas = await screen.findByTestId('signature-canvas');
    for (const name of [/undo/i, /clear/i, /save signature/i]) expect(disabled(name)).toBe(true);
    draw(canvas, 10);
    draw(canvas, 50);
    for (const name of [/undo/i, /clear/i, /save signature/i]) expect(disabled(name)).toBe(false);
    // Two strokes: one undo leaves one, the second leaves none.
    fireEvent.click(button(/undo/i));
    expect(disabled(/undo/i)).toBe(false);
    fireEvent.click(button(/undo/i));
    expect(disabled(/undo/i)).toBe(true);
    draw(canvas, 10);
    draw(canvas, 20);
    fireEvent.click(button(/clear/i));
    expect(disabled(/save signature/i)).toBe(true);
  });

  it('shows the saved signature, or says there is none', async () => {
    await renderPage(<SignaturePad saved="/upload/1/signature/2.png" onSave={vi.fn()} />);
    expect((await screen.findByAltText('Current signature')).getAttribute('src')).toBe(
      '/upload/1/signature/2.png',
    );
  });
});
