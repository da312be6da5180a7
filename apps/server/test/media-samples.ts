/**
 * Test helper (not a test file): the smallest well-formed audio and video files, built byte by byte
 * the way their formats lay them out, so an upload is checked against real headers and not against
 * the few bytes the server happens to look at.
 */

/** An MPEG-1 Layer III frame header: sync, 128 kbit/s, 44.1 kHz, mono; then the frame's 417 bytes. */
const MP3_FRAME = Buffer.concat([Buffer.from([0xff, 0xfb, 0x90, 0xc4]), Buffer.alloc(413)]);

/** mp3 as encoders write it: an empty ID3v2.4 tag, then one frame. */
export function mp3WithTag(): Buffer {
  return Buffer.concat([Buffer.from([0x49, 0x44, 0x33, 4, 0, 0, 0, 0, 0, 0]), MP3_FRAME]);
}

/** mp3 without a tag: the first byte is the frame's sync. */
export function mp3Bare(): Buffer {
  return Buffer.concat([MP3_FRAME, MP3_FRAME]);
}

/** A RIFF/WAVE file: 16-bit mono PCM at 8 kHz, `samples` samples of silence. */
export function wav(samples = 80): Buffer {
  const data = samples * 2;
  const header = Buffer.alloc(44);
  header.write('RIFF', 0, 'latin1');
  header.writeUInt32LE(36 + data, 4);
  header.write('WAVE', 8, 'latin1');
  header.write('fmt ', 12, 'latin1');
  header.writeUInt32LE(16, 16); // fmt chunk size
  header.writeUInt16LE(1, 20); // PCM
  header.writeUInt16LE(1, 22); // channels
  header.writeUInt32LE(8000, 24); // sample rate
  header.writeUInt32LE(16_000, 28); // byte rate
  header.writeUInt16LE(2, 32); // block align
  header.writeUInt16LE(16, 34); // bits per sample
  header.write('data', 36, 'latin1');
  header.writeUInt32LE(data, 40);
  return Buffer.concat([header, Buffer.alloc(data)]);
}

/** Ogg's page checksum: CRC-32 with polynomial 0x04c11db7, not reflected, starting at 0. */
function oggCrc(page: Buffer): number {
  let crc = 0;
  for (const byte of page) {
    crc ^= byte << 24;
    for (let bit = 0; bit < 8; bit++) crc = crc & 0x80000000 ? (crc << 1) ^ 0x04c11db7 : crc << 1;
  }
  return crc >>> 0;
}

/** The first page of an Ogg Vorbis stream: the Vorbis identification header (mono, 8 kHz). */
export function ogg(): Buffer {
  const vorbis = Buffer.alloc(30);
  vorbis[0] = 1; // identification header
  vorbis.write('vorbis', 1, 'latin1');
  vorbis.writeUInt32LE(0, 7); // version
  vorbis[11] = 1; // channels
  vorbis.writeUInt32LE(8000, 12); // sample rate
  vorbis.writeInt32LE(0, 16); // bitrate maximum, nominal, minimum
  vorbis.writeInt32LE(32_000, 20);
  vorbis.writeInt32LE(0, 24);
  vorbis[28] = 0xb8; // block sizes 256 and 2048
  vorbis[29] = 1; // framing bit
  const page = Buffer.alloc(28);
  page.write('OggS', 0, 'latin1');
  page[4] = 0; // version
  page[5] = 2; // first page of the stream
  page.writeUInt32LE(0x4c494e54, 14); // serial number
  page[26] = 1; // one segment
  page[27] = vorbis.length;
  const whole = Buffer.concat([page, vorbis]);
  whole.writeUInt32LE(oggCrc(whole), 22);
  return whole;
}

/** An EBML element: its id, its size as a one-byte vint, its body. */
const ebml = (id: number[], body: Buffer) => Buffer.concat([Buffer.from([...id, 0x80 | body.length]), body]);
const uint = (n: number) => Buffer.from([n]);

/** A WebM file: the EBML header (DocType webm) and an empty segment of unknown size. */
export function webm(): Buffer {
  const header = ebml(
    [0x1a, 0x45, 0xdf, 0xa3],
    Buffer.concat([
      ebml([0x42, 0x86], uint(1)), // EBMLVersion
      ebml([0x42, 0xf7], uint(1)), // EBMLReadVersion
      ebml([0x42, 0xf2], uint(4)), // EBMLMaxIDLength
      ebml([0x42, 0xf3], uint(8)), // EBMLMaxSizeLength
      ebml([0x42, 0x82], Buffer.from('webm', 'latin1')), // DocType
      ebml([0x42, 0x87], uint(4)), // DocTypeVersion
      ebml([0x42, 0x85], uint(2)), // DocTypeReadVersion
    ]),
  );
  const segment = Buffer.from([0x18, 0x53, 0x80, 0x67, 0x01, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff]);
  return Buffer.concat([header, segment]);
}
