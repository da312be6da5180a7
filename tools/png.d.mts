/**
 * A PNG file of 8-bit samples: colour type 2 (RGB) or 6 (RGBA), `scanlines` each led by its filter
 * byte (0), `extra` chunks (a teXt padding) between the image data and the end.
 */
export function encodePng(picture: {
  width: number;
  height: number;
  colourType: 2 | 6;
  scanlines: Buffer;
  extra?: { type: string; data: Buffer }[];
}): Buffer;
