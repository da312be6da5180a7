import { unzipSync } from 'fflate';
import { ManifestError, parseManifest, type PluginManifest } from './manifest.js';

/** An uploaded plugin archive may be at most this large, and unpack to at most UNPACKED_MAX. */
export const ARCHIVE_MAX_BYTES = 5 * 1024 * 1024;
const UNPACKED_MAX = 20 * 1024 * 1024;
const ENTRIES_MAX = 500;

export interface PluginArchive {
  manifest: PluginManifest;
  /** Paths relative to the plugin folder, with their contents. */
  files: Map<string, Uint8Array>;
}

interface CentralEntry {
  name: string;
  /** Unix mode from the upper half of the external attributes (0 when made elsewhere). */
  mode: number;
  size: number;
}

const S_IFMT = 0o170000;
const S_IFLNK = 0o120000;

/**
 * The central directory, read directly: fflate does not report the external attributes, which say
 * whether an entry is a symbolic link (refused: it could point anywhere once unpacked).
 */
function centralDirectory(zip: Uint8Array): CentralEntry[] {
  const view = new DataView(zip.buffer, zip.byteOffset, zip.byteLength);
  let end = -1;
  for (let i = zip.length - 22; i >= Math.max(0, zip.length - 22 - 65535); i--) {
    if (view.getUint32(i, true) === 0x06054b50) {
      end = i;
      break;
    }
  }
  if (end < 0) throw new ManifestError('the file is not a .zip archive');
  const count = view.getUint16(end + 10, true);
  let at = view.getUint32(end + 16, true);
  const out: CentralEntry[] = [];
  for (let n = 0; n < count; n++) {
    if (at + 46 > zip.length || view.getUint32(at, true) !== 0x02014b50) {
      throw new ManifestError('the .zip archive is damaged');
    }
    const size = view.getUint32(at + 24, true);
    const nameLength = view.getUint16(at + 28, true);
    const extraLength = view.getUint16(at + 30, true);
    const commentLength = view.getUint16(at + 32, true);
    const mode = view.getUint32(at + 38, true) >>> 16;
    const name = new TextDecoder().decode(zip.subarray(at + 46, at + 46 + nameLength));
    out.push({ name, mode, size });
    at += 46 + nameLength + extraLength + commentLength;
  }
  return out;
}

/** A name that stays inside the folder it is unpacked into (no zip-slip). */
function safeName(name: string): boolean {
  if (!name || name.includes('\\') || name.includes('\0') || name.startsWith('/')) return false;
  if (/^[a-zA-Z]:/.test(name)) return false;
  return name.split('/').every((part) => part !== '..' && part !== '.');
}

/**
 * Checks an uploaded plugin archive and returns its manifest and files: size caps, no path that
 * leaves the folder, no symbolic link, a valid plugin.json at the top (or in one top folder).
 * Throws ManifestError with the reason.
 */
export function readPluginArchive(zip: Uint8Array): PluginArchive {
  if (zip.length > ARCHIVE_MAX_BYTES) throw new ManifestError('the archive is larger than 5 MB');
  const entries = centralDirectory(zip);
  if (entries.length > ENTRIES_MAX)
    throw new ManifestError(`the archive holds more than ${ENTRIES_MAX} entries`);
  let total = 0;
  for (const entry of entries) {
    if (!safeName(entry.name))
      throw new ManifestError(`the archive entry ${entry.name} leaves the plugin folder`);
    if ((entry.mode & S_IFMT) === S_IFLNK)
      throw new ManifestError(`the archive entry ${entry.name} is a symbolic link`);
    total += entry.size;
  }
  if (total > UNPACKED_MAX) throw new ManifestError('the archive unpacks to more than 20 MB');
  let unpacked: Record<string, Uint8Array>;
  try {
    unpacked = unzipSync(zip, { filter: (file) => !file.name.endsWith('/') });
  } catch (error) {
    throw new ManifestError(`the .zip archive cannot be read (${(error as Error).message})`);
  }
  const names = Object.keys(unpacked);
  // plugin.json at the top, or every file inside one top folder that holds it.
  let strip = '';
  if (!names.includes('plugin.json')) {
    const tops = new Set(names.map((n) => n.split('/')[0]));
    const top = [...tops][0];
    if (tops.size !== 1 || !names.includes(`${top}/plugin.json`)) {
      throw new ManifestError('the archive has no plugin.json at its top');
    }
    strip = `${top}/`;
  }
  const files = new Map<string, Uint8Array>();
  for (const name of names) files.set(name.slice(strip.length), unpacked[name]!);
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder().decode(files.get('plugin.json')));
  } catch {
    throw new ManifestError('plugin.json is not JSON');
  }
  const manifest = parseManifest(raw);
  if (!files.has(manifest.entry)) throw new ManifestError(`the archive lacks the entry ${manifest.entry}`);
  return { manifest, files };
}
