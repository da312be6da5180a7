/**
 * What the HTTP request log may keep of a request and its answer: secrets replaced by a marker at
 * every depth, credentials headers dropped, everything cut at a size cap.
 */

/** Words of a field name that make it a secret's (the name split at camelCase, '_', '-' and '.'). */
const SECRET_WORDS = new Set([
  'password',
  'passwd',
  'pwd',
  'pass',
  'token',
  'secret',
  'key',
  'authorization',
  'captcha',
  'cookie',
  'signature',
  'credential',
  'credentials',
  'otp',
]);
/** A `code` is a secret next to one of these words (smsCode, verifyCode); alone it is a record's code. */
const CODE_WORDS = new Set(['sms', 'verify', 'verification', 'auth', 'captcha', 'phone']);
/** Request headers never kept. */
const DROPPED_HEADERS = new Set([
  'authorization',
  'cookie',
  'x-authorization',
  'set-cookie',
  'proxy-authorization',
]);
export const REDACTED = '***';
/** The most characters kept of one body. */
export const BODY_CAP = 4096;

const words = (name: string) =>
  name
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .toLowerCase()
    .split(/[\s_.-]+/)
    .filter(Boolean);

/** Whether a field name is a secret's: password, accessToken, client_secret, apiKey, smsCode, captcha... */
export function isSecretName(name: string): boolean {
  const parts = words(name);
  if (parts.some((w) => SECRET_WORDS.has(w))) return true;
  return parts.includes('code') && parts.some((w) => CODE_WORDS.has(w));
}

function redactValue(value: unknown, depth: number, codeIsSecret: boolean): unknown {
  if (depth > 20) return REDACTED;
  if (Array.isArray(value)) return value.map((v) => redactValue(v, depth + 1, codeIsSecret));
  if (value && typeof value === 'object') {
    const out: Record<string, unknown> = {};
    for (const [name, v] of Object.entries(value as Record<string, unknown>)) {
      const secret = isSecretName(name) || (codeIsSecret && words(name).at(-1) === 'code');
      out[name] = secret && v !== null && v !== '' ? REDACTED : redactValue(v, depth + 1, codeIsSecret);
    }
    return out;
  }
  return value;
}

const cap = (text: string) =>
  text.length > BODY_CAP ? `${text.slice(0, BODY_CAP)}…[${text.length} chars]` : text;

/**
 * A body as the log keeps it: JSON with secret fields replaced, other text as is, both capped.
 * `codeIsSecret` (sign-in and SMS routes) treats every `code` field as a secret too.
 */
export function redactBody(body: unknown, codeIsSecret = false): string | null {
  if (body === undefined || body === null || body === '') return null;
  let value: unknown = body;
  if (typeof body === 'string' || Buffer.isBuffer(body)) {
    const text = body.toString();
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      return cap(text);
    }
  }
  if (typeof value !== 'object') return cap(String(value));
  return cap(JSON.stringify(redactValue(value, 0, codeIsSecret)));
}

/** The request headers the log keeps, as JSON: credentials dropped, secret-named ones redacted. */
export function redactHeaders(headers: Record<string, string | string[] | undefined>): string {
  const kept: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    const lower = name.toLowerCase();
    if (DROPPED_HEADERS.has(lower) || value === undefined) continue;
    kept[lower] = isSecretName(lower) ? REDACTED : Array.isArray(value) ? value.join(', ') : value;
  }
  return cap(JSON.stringify(kept));
}
