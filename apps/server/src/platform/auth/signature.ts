import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The signature of an open API request (Admin.NET's SignatureAuthenticationHandler):
 * sign = Base64(HMAC-SHA256(UTF-8 secret, `METHOD&path&accessKey&timestamp&nonce`)), the method in
 * upper case and the path without host and query string. docs/open-api.md shows the same in curl
 * and TypeScript; a test checks the documented example against this function.
 */
export const SIGNATURE_HEADERS = {
  accessKey: 'accesskey',
  timestamp: 'timestamp',
  nonce: 'nonce',
  sign: 'sign',
};

/** How far a request's timestamp may be from the server's clock, in seconds. */
export const SIGNATURE_DRIFT_SECONDS = 5 * 60;
/** How long a used nonce is remembered (refused again), in seconds: longer than the drift window. */
export const NONCE_TTL_SECONDS = 10 * 60;

/** The path a signature covers: no scheme, host or query string. */
export function signedPath(url: string): string {
  let path = url;
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length) || '/';
  const cut = path.search(/[?#]/);
  return cut >= 0 ? path.slice(0, cut) : path;
}

export function stringToSign(
  method: string,
  path: string,
  accessKey: string,
  timestamp: string | number,
  nonce: string,
) {
  return `${method.toUpperCase()}&${signedPath(path)}&${accessKey}&${timestamp}&${nonce}`;
}

export function computeSign(secret: string, text: string): string {
  return createHmac('sha256', Buffer.from(secret, 'utf8')).update(text, 'utf8').digest('base64');
}

/** Compares two signatures in constant time (for equal lengths; a length differs is no secret). */
export function signsEqual(expected: string, given: string): boolean {
  const a = Buffer.from(expected, 'utf8');
  const b = Buffer.from(given, 'utf8');
  return a.length === b.length && timingSafeEqual(a, b);
}
