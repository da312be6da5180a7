/**
 * The text utilities of the tools demo, free of React so their edge cases are tested directly:
 * JSON formatting with the place of a syntax error (json-error.ts), and Base64 over UTF-8
 * (btoa/atob alone only take Latin-1 and would corrupt or refuse any other text).
 */
import { jsonErrorOffset } from './json-error';

export type JsonResult =
  { ok: true; text: string } | { ok: false; line: number | null; column: number | null; detail: string };

/** Line and column (1-based) of a character offset in a text. */
function placeOf(text: string, offset: number): { line: number; column: number } {
  const before = text.slice(0, offset).split('\n');
  return { line: before.length, column: before[before.length - 1]!.length + 1 };
}

/** Parses `text` and writes it again: indented by `indent` (spaces or a tab), or minified with 0. */
export function formatJson(text: string, indent: number | '\t', sortKeys = false): JsonResult {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (error) {
    const detail = error instanceof Error ? error.message : String(error);
    const offset = jsonErrorOffset(text);
    return { ok: false, ...(offset === null ? { line: null, column: null } : placeOf(text, offset)), detail };
  }
  const sorted = sortKeys ? sortObjectKeys(value) : value;
  return { ok: true, text: JSON.stringify(sorted, null, indent === 0 ? undefined : indent) };
}

/** A copy with every object's keys in code-point order (arrays keep their order). */
function sortObjectKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(sortObjectKeys);
  if (value === null || typeof value !== 'object') return value;
  const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) =>
    a < b ? -1 : a > b ? 1 : 0,
  );
  return Object.fromEntries(entries.map(([k, v]) => [k, sortObjectKeys(v)]));
}

/** Base64 of the UTF-8 bytes of `text`; `urlSafe` uses - and _ and drops the padding (RFC 4648 §5). */
export function encodeBase64(text: string, urlSafe = false): string {
  const bytes = new TextEncoder().encode(text);
  let binary = '';
  // In slices: String.fromCharCode(...bytes) overflows the call stack on large inputs.
  for (let i = 0; i < bytes.length; i += 0x8000)
    binary += String.fromCharCode(...bytes.subarray(i, i + 0x8000));
  const base64 = btoa(binary);
  return urlSafe ? base64.replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '') : base64;
}

export type DecodeResult = { ok: true; text: string } | { ok: false; reason: 'alphabet' | 'utf8' };

/**
 * The text whose UTF-8 bytes `input` encodes. Accepts both alphabets, line breaks and missing
 * padding; refuses other characters, impossible lengths and bytes that are not UTF-8 text.
 */
export function decodeBase64(input: string): DecodeResult {
  const compact = input.replace(/\s+/g, '').replace(/-/g, '+').replace(/_/g, '/');
  const body = compact.replace(/=+$/, '');
  // A length of 4n+1 cannot come from any byte sequence; padding is at most two characters.
  if (!/^[A-Za-z0-9+/]*$/.test(body) || body.length % 4 === 1 || compact.length - body.length > 2)
    return { ok: false, reason: 'alphabet' };
  const binary = atob(body + '='.repeat((4 - (body.length % 4)) % 4));
  const bytes = Uint8Array.from(binary, (c) => c.charCodeAt(0));
  try {
    return { ok: true, text: new TextDecoder('utf-8', { fatal: true }).decode(bytes) };
  } catch {
    return { ok: false, reason: 'utf8' };
  }
}
