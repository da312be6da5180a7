/**
 * The square crop of the avatar dialog. The image covers a square viewport of `view` pixels at
 * zoom 1 (its shorter side fits); zoom enlarges it, and the offset (in viewport pixels, from the
 * centred position) moves it, never so far that the viewport shows anything but the image.
 */
export interface CropState {
  zoom: number;
  x: number;
  y: number;
}

export const MIN_ZOOM = 1;
export const MAX_ZOOM = 4;

/** Scale from image pixels to viewport pixels. */
export const scaleOf = (naturalWidth: number, naturalHeight: number, view: number, zoom: number) =>
  (view / Math.min(naturalWidth, naturalHeight)) * zoom;

/** Keeps the zoom in range and the offset within the image's overhang on each axis. */
export function clampCrop(
  state: CropState,
  naturalWidth: number,
  naturalHeight: number,
  view: number,
): CropState {
  const zoom = Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, state.zoom));
  const scale = scaleOf(naturalWidth, naturalHeight, view, zoom);
  const maxX = Math.max(0, (naturalWidth * scale - view) / 2);
  const maxY = Math.max(0, (naturalHeight * scale - view) / 2);
  const clamp = (v: number, max: number) => Math.min(max, Math.max(-max, v));
  return { zoom, x: clamp(state.x, maxX), y: clamp(state.y, maxY) };
}

/** The source square in image pixels that the viewport shows: what the exported PNG contains. */
export function sourceRect(state: CropState, naturalWidth: number, naturalHeight: number, view: number) {
  const scale = scaleOf(naturalWidth, naturalHeight, view, state.zoom);
  const size = view / scale;
  return {
    sx: (naturalWidth * scale - view) / 2 / scale - state.x / scale,
    sy: (naturalHeight * scale - view) / 2 / scale - state.y / scale,
    size,
  };
}
