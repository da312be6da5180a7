import { act, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { createQueryClient, Providers } from '../../test/render-page';
import { initI18n } from '../../locales/i18n';
import { json, stubApi } from '../../test/render-app';
import SliderCaptcha from './slider-captcha';

const puzzle = (id: string) => ({
  id,
  background: 'data:image/png;base64,AA==',
  piece: 'data:image/png;base64,AA==',
  pieceY: 40,
  pieceSize: 56,
  width: 310,
  height: 160,
  expiresAt: new Date(Date.now() + 120_000).toISOString(),
});

async function renderSlider(
  verify: (body: { id: string; x: number; track: { x: number; t: number }[] }) => Response,
) {
  let served = 0;
  const spy = stubApi({
    'GET /api/sysAuth/sliderCaptcha': () => json(puzzle(`p${++served}`)),
    'POST /api/sysAuth/sliderCaptcha/verify': (init) => verify(JSON.parse(String(init?.body))),
  });
  const onChange = vi.fn();
  await initI18n('en');
  render(
    <Providers queryClient={createQueryClient()}>
      <SliderCaptcha tenantId="1300000000001" onChange={onChange} />
    </Providers>,
  );
  const handle = await screen.findByRole('slider');
  await waitFor(() => expect(handle.getAttribute('aria-disabled')).toBe('false'));
  return { spy, onChange, handle, served: () => served };
}

const verifyCalls = (spy: ReturnType<typeof stubApi>) =>
  spy.mock.calls.filter(([url]) => String(url).includes('/verify'));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

describe('SliderCaptcha', () => {
  it('drags with the arrow keys, drops with Enter and hands over the pass token', async () => {
    const { spy, onChange, handle } = await renderSlider(() =>
      json({ passToken: 'T'.repeat(22), expiresAt: '' }),
    );
    handle.focus();
    for (let i = 0; i < 10; i++) fireEvent.keyDown(handle, { key: 'ArrowRight', shiftKey: true });
    fireEvent.keyDown(handle, { key: 'ArrowLeft' });
    expect(handle.getAttribute('aria-valuenow')).toBe('98');
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(await screen.findByText('Verification passed')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith('T'.repeat(22));
    const body = JSON.parse(String(verifyCalls(spy)[0]?.[1]?.body)) as {
      id: string;
      x: number;
      track: { x: number; t: number }[];
    };
    expect(body).toMatchObject({ id: 'p1', x: 98 });
    expect(body.track[0]).toEqual({ x: 0, t: 0 });
    expect(body.track.at(-1)?.x).toBe(98);
    // Passed: the handle is locked until the form asks for a new puzzle.
    fireEvent.keyDown(handle, { key: 'ArrowRight' });
    expect(handle.getAttribute('aria-valuenow')).toBe('98');
  });

  it('follows a pointer drag over the track and sends the piece position in picture pixels', async () => {
    const { spy, handle } = await renderSlider(() => json({ passToken: 'T'.repeat(22), expiresAt: '' }));
    // The track is 344 px wide on screen: 300 px of travel for 254 picture pixels.
    const track = handle.parentElement!;
    vi.spyOn(track, 'getBoundingClientRect').mockReturnValue({ width: 344 } as DOMRect);
    fireEvent.pointerDown(handle, { clientX: 10, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 85, pointerId: 1 });
    fireEvent.pointerMove(handle, { clientX: 160, pointerId: 1 });
    fireEvent.pointerUp(handle, { clientX: 160, pointerId: 1 });
    await screen.findByText('Verification passed');
    const body = JSON.parse(String(verifyCalls(spy)[0]?.[1]?.body)) as { x: number; track: { x: number }[] };
    expect(body.x).toBe(127);
    expect(body.track.map((p) => p.x)).toContain(127);
  });

  it('shakes on a wrong drop, clears the token and fetches a new puzzle', async () => {
    const { onChange, handle, served } = await renderSlider(() =>
      json('Verification failed. Please try again with the new picture.', 400),
    );
    fireEvent.keyDown(handle, { key: 'End' });
    fireEvent.keyDown(handle, { key: 'Enter' });
    expect(await screen.findByText('Verification failed, try again')).toBeTruthy();
    expect(document.querySelector('[data-phase="failed"]')).toBeTruthy();
    expect(onChange).toHaveBeenLastCalledWith(null);
    await waitFor(() => expect(served()).toBe(2));
    await waitFor(() => expect(handle.getAttribute('aria-valuenow')).toBe('0'));
    expect(await screen.findByText('Hold and drag the slider to fit the piece')).toBeTruthy();
  });

  it('fetches a new picture on request', async () => {
    const { served } = await renderSlider(() => json('unused', 400));
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'New picture' }));
    });
    await waitFor(() => expect(served()).toBe(2));
  });
});
