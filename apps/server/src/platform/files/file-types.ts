/**
 * The file types the file centre accepts, each with the content type it is served as and the check
 * its bytes must pass: a file is stored only when its content is what its extension says. Types that
 * run in a browser (html, svg, xml, js) are not on the list at all: a stored file is never a page.
 */

/** How the web app and the preview show a type. */
export type FileFamily = 'image' | 'video' | 'audio' | 'pdf' | 'text' | 'document' | 'archive';

interface FileType {
  contentType: string;
  family: FileFamily;
  matches(data: Buffer): boolean;
}

const at = (data: Buffer, bytes: readonly number[] | string, offset = 0) => {
  const expected = typeof bytes === 'string' ? [...Buffer.from(bytes, 'latin1')] : bytes;
  return data.length >= offset + expected.length && expected.every((b, i) => data[offset + i] === b);
};

const PNG = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const JPEG = [0xff, 0xd8, 0xff];
const ZIP = [0x50, 0x4b, 0x03, 0x04];
/** The OLE compound file of the old Office formats (doc, xls, ppt). */
const OLE = [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1];

const isJpeg = (d: Buffer) => at(d, JPEG);
/** ISO base media (mp4, m4a, mov): a box of type `ftyp` first. */
const isIsoMedia = (d: Buffer) => at(d, 'ftyp', 4);
const riff = (form: string) => (d: Buffer) => at(d, 'RIFF') && at(d, form, 8);
/** mp3: an ID3 tag, or an MPEG audio frame's sync bits. */
const isMp3 = (d: Buffer) => at(d, 'ID3') || (d.length > 1 && d[0] === 0xff && (d[1]! & 0xe0) === 0xe0);
const isZip = (d: Buffer) => at(d, ZIP);
const isOle = (d: Buffer) => at(d, OLE);

const utf8 = new TextDecoder('utf-8', { fatal: true });
/** Text: valid UTF-8 (a BOM allowed) without NUL or other C0 controls than tab, CR, LF, FF. */
function isText(d: Buffer): boolean {
  try {
    utf8.decode(d);
  } catch {
    return false;
  }
  for (const byte of d)
    if (byte < 0x20 && byte !== 0x09 && byte !== 0x0a && byte !== 0x0d && byte !== 0x0c) return false;
  return true;
}

export const FILE_TYPES: Readonly<Record<string, FileType>> = {
  png: { contentType: 'image/png', family: 'image', matches: (d) => at(d, PNG) },
  jpg: { contentType: 'image/jpeg', family: 'image', matches: isJpeg },
  jpeg: { contentType: 'image/jpeg', family: 'image', matches: isJpeg },
  gif: { contentType: 'image/gif', family: 'image', matches: (d) => at(d, 'GIF87a') || at(d, 'GIF89a') },
  webp: { contentType: 'image/webp', family: 'image', matches: riff('WEBP') },
  bmp: { contentType: 'image/bmp', family: 'image', matches: (d) => at(d, 'BM') && d.length > 26 },
  mp4: { contentType: 'video/mp4', family: 'video', matches: isIsoMedia },
  mov: { contentType: 'video/quicktime', family: 'video', matches: (d) => isIsoMedia(d) || at(d, 'moov', 4) },
  webm: { contentType: 'video/webm', family: 'video', matches: (d) => at(d, [0x1a, 0x45, 0xdf, 0xa3]) },
  mp3: { contentType: 'audio/mpeg', family: 'audio', matches: isMp3 },
  m4a: { contentType: 'audio/mp4', family: 'audio', matches: isIsoMedia },
  wav: { contentType: 'audio/wav', family: 'audio', matches: riff('WAVE') },
  ogg: { contentType: 'audio/ogg', family: 'audio', matches: (d) => at(d, 'OggS') },
  pdf: { contentType: 'application/pdf', family: 'pdf', matches: (d) => at(d, '%PDF-') },
  txt: { contentType: 'text/plain; charset=utf-8', family: 'text', matches: isText },
  csv: { contentType: 'text/csv; charset=utf-8', family: 'text', matches: isText },
  md: { contentType: 'text/markdown; charset=utf-8', family: 'text', matches: isText },
  json: { contentType: 'application/json', family: 'text', matches: isText },
  docx: {
    contentType: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
    family: 'document',
    matches: isZip,
  },
  xlsx: {
    contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    family: 'document',
    matches: isZip,
  },
  pptx: {
    contentType: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
    family: 'document',
    matches: isZip,
  },
  doc: { contentType: 'application/msword', family: 'document', matches: isOle },
  xls: { contentType: 'application/vnd.ms-excel', family: 'document', matches: isOle },
  ppt: { contentType: 'application/vnd.ms-powerpoint', family: 'document', matches: isOle },
  zip: { contentType: 'application/zip', family: 'archive', matches: isZip },
};

export const FILE_SUFFIXES = Object.keys(FILE_TYPES);

/** Families a browser shows in the page (inline); the others are offered as downloads. */
const INLINE: ReadonlySet<FileFamily> = new Set(['image', 'video', 'audio', 'pdf', 'text']);

export const isInline = (suffix: string) => {
  const type = FILE_TYPES[suffix];
  return !!type && INLINE.has(type.family);
};

/** The lower-case extension of a file name (`Report.PDF` → `pdf`), or '' without one. */
export function suffixOf(fileName: string): string {
  const match = /\.([A-Za-z0-9]{1,10})$/.exec(fileName);
  return match ? match[1]!.toLowerCase() : '';
}

/**
 * The suffixes an upload may have: the server's list, narrowed by the caller's `allowSuffix`
 * (Admin.NET's comma-separated list, `.jpg,.png` or `jpg,png`). Suffixes the server does not
 * know stay refused whatever the caller allows.
 */
export function allowedSuffixes(allowSuffix: string | undefined): string[] {
  if (!allowSuffix?.trim()) return FILE_SUFFIXES;
  const asked = new Set(
    allowSuffix
      .split(/[,;|\s]+/)
      .map((s) => s.trim().replace(/^\./, '').toLowerCase())
      .filter(Boolean),
  );
  return FILE_SUFFIXES.filter((suffix) => asked.has(suffix));
}

/** Whether the bytes are what the suffix says (the caller checked the suffix is allowed). */
export const contentMatches = (suffix: string, data: Buffer) => FILE_TYPES[suffix]?.matches(data) === true;
