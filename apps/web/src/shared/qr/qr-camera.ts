/**
 * Reads QR codes from the camera: the browser's BarcodeDetector where it has one (Chrome on
 * Android, Edge, Safari 17+), else the small jsQR decoder, loaded only now that the camera is in use.
 */

interface DetectedBarcode {
  rawValue: string;
}
interface BarcodeDetectorLike {
  detect(source: CanvasImageSource): Promise<DetectedBarcode[]>;
}
type BarcodeDetectorClass = new (options: { formats: string[] }) => BarcodeDetectorLike;

type Decode = (video: HTMLVideoElement) => Promise<string | null>;

async function nativeDecoder(): Promise<Decode | null> {
  const Detector = (
    globalThis as {
      BarcodeDetector?: BarcodeDetectorClass & { getSupportedFormats?: () => Promise<string[]> };
    }
  ).BarcodeDetector;
  if (!Detector) return null;
  const formats = (await Detector.getSupportedFormats?.()) ?? ['qr_code'];
  if (!formats.includes('qr_code')) return null;
  const detector = new Detector({ formats: ['qr_code'] });
  return async (video) => (await detector.detect(video))[0]?.rawValue ?? null;
}

async function jsQrDecoder(): Promise<Decode> {
  const { default: jsQR } = await import('jsqr');
  const canvas = document.createElement('canvas');
  const context = canvas.getContext('2d', { willReadFrequently: true });
  return async (video) => {
    if (!context || !video.videoWidth) return null;
    // Decoding a smaller frame is faster and still reads a code that fills part of the picture.
    const scale = Math.min(1, 640 / video.videoWidth);
    canvas.width = Math.round(video.videoWidth * scale);
    canvas.height = Math.round(video.videoHeight * scale);
    context.drawImage(video, 0, 0, canvas.width, canvas.height);
    const frame = context.getImageData(0, 0, canvas.width, canvas.height);
    return jsQR(frame.data, frame.width, frame.height, { inversionAttempts: 'dontInvert' })?.data ?? null;
  };
}

/** Starts the back camera into `video` and calls `onText` with each code read; returns the stop. */
export async function startQrCamera(
  video: HTMLVideoElement,
  onText: (text: string) => void,
): Promise<() => void> {
  const stream = await navigator.mediaDevices.getUserMedia({
    video: { facingMode: { ideal: 'environment' } },
    audio: false,
  });
  let stopped = false;
  const stop = () => {
    stopped = true;
    for (const track of stream.getTracks()) track.stop();
    video.srcObject = null;
  };
  try {
    video.srcObject = stream;
    video.setAttribute('playsinline', 'true');
    await video.play();
    const decode = (await nativeDecoder()) ?? (await jsQrDecoder());
    const loop = async () => {
      if (stopped) return;
      try {
        const text = await decode(video);
        if (text) onText(text);
      } catch {
        // A frame that cannot be read (camera still warming up): try the next one.
      }
      if (!stopped) window.setTimeout(() => void loop(), 200);
    };
    void loop();
  } catch (error) {
    stop();
    throw error;
  }
  return stop;
}

/** Whether this browser can give the page a camera at all (secure context with mediaDevices). */
export const cameraAvailable = () =>
  typeof navigator !== 'undefined' &&
  !!navigator.mediaDevices &&
  typeof navigator.mediaDevices.getUserMedia === 'function';
