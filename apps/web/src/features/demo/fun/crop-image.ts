/** A crop rectangle in the pixels of the source image (react-easy-crop's croppedAreaPixels). */
export interface PixelArea {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** Loads an image from an address (a data or object URL of the page: no network). */
export function loadImage(src: string): Promise<HTMLImageElement> {
  return new Promise((resolve, reject) => {
    const image = new Image();
    image.onload = () => resolve(image);
    image.onerror = () => reject(new Error('image'));
    image.src = src;
  });
}

/** Draws `area` of `image` on a canvas of the area's size and returns it as a PNG data URL. */
export function cropToDataUrl(image: CanvasImageSource, area: PixelArea): string {
  const canvas = document.createElement('canvas');
  canvas.width = Math.max(1, Math.round(area.width));
  canvas.height = Math.max(1, Math.round(area.height));
  const context = canvas.getContext('2d');
  if (!context) throw new Error('canvas');
  context.drawImage(image, area.x, area.y, area.width, area.height, 0, 0, canvas.width, canvas.height);
  return canvas.toDataURL('image/png');
}

/** A sample picture drawn on a canvas, so the demo has an image without a file or the network. */
export function samplePicture(): string {
  const canvas = document.createElement('canvas');
  canvas.width = 640;
  canvas.height = 400;
  const context = canvas.getContext('2d');
  if (!context) return '';
  const gradient = context.createLinearGradient(0, 0, 640, 400);
  gradient.addColorStop(0, '#0f59a4');
  gradient.addColorStop(1, '#52c41a');
  context.fillStyle = gradient;
  context.fillRect(0, 0, 640, 400);
  context.fillStyle = '#ffffff';
  context.font = 'bold 64px sans-serif';
  context.textAlign = 'center';
  context.fillText('Lintel', 320, 220);
  return canvas.toDataURL('image/png');
}
