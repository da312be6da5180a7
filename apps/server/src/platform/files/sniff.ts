/** Image types accepted for uploads, recognised by their first bytes, never by the declared type. */
export type ImageType = 'png' | 'jpg' | 'webp';

export const CONTENT_TYPES: Record<ImageType, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

const startsWith = (data: Buffer, bytes: number[], offset = 0) =>
  data.length >= offset + bytes.length && bytes.every((b, i) => data[offset + i] === b);

/** The image type of a file's content, or undefined when it is none of the accepted ones. */
export function sniffImage(data: Buffer): ImageType | undefined {
  if (startsWith(data, PNG)) return 'png';
  if (startsWith(data, [0xff, 0xd8, 0xff])) return 'jpg';
  // RIFF....WEBP
  if (startsWith(data, [0x52, 0x49, 0x46, 0x46]) && startsWith(data, [0x57, 0x45, 0x42, 0x50], 8))
    return 'webp';
  return undefined;
}
