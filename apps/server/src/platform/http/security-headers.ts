import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerError } from './error-handler.js';

/**
 * The Content-Security-Policy of every answer (ARCHITECTURE 5). Why each directive is as it is:
 *
 * - script-src 'self': the built web app, Swagger UI and the swagger sign-in page load every script
 *   from a file of this server; no inline script, no eval, no event-handler attributes.
 * - style-src 'unsafe-inline': antd 6 (cssinjs), its rc-components and the Watermark write <style>
 *   elements and style attributes at run time, and index.html paints the boot screen from an inline
 *   <style>. A nonce would need index.html rewritten per answer and every library to honour it, and
 *   a style attribute set by setAttribute can carry no nonce at all. Styles run no code.
 * - img-src data: blob: http(s): captcha, slider and QR images are data URLs, the avatar cropper
 *   shows a blob, and a tenant's logo may be any http(s) address (save-sys-info.schema.ts).
 * - connect-src 'self': the API and the Socket.IO hub; CSP 3 lets 'self' match ws:/wss: of this host.
 * - frame-src http(s): menus of type "iframe" show any http(s) page inside the shell.
 * - frame-ancestors 'self': our own iframe views (the API documentation menu frames /swagger) may
 *   frame our pages; no other site may (clickjacking).
 * - form-action 'self': nothing posts a form elsewhere; third-party sign-in is a navigation.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "script-src 'self'",
  "style-src 'self' 'unsafe-inline'",
  "img-src 'self' data: blob: http: https:",
  "font-src 'self' data:",
  "connect-src 'self'",
  "frame-src 'self' http: https:",
  "frame-ancestors 'self'",
  "object-src 'none'",
  "base-uri 'self'",
  "form-action 'self'",
].join('; ');

/**
 * Stored uploads (user content, served by serve-uploads.ts): nothing in them may load or run
 * anything, and no page frames them (they are shown by <img>, which frame-ancestors does not touch).
 */
export const UPLOAD_CONTENT_SECURITY_POLICY = "default-src 'none'; frame-ancestors 'none'";

/**
 * Previews of the file centre (platform/files/send-stored.ts): images, video, audio, PDF and plain
 * text shown in this site's own preview dialog, so our pages may frame them (a PDF in an <iframe>).
 * The browser's own viewers need their media, inline styles and (PDF) the viewer plugin; no script
 * of the file ever runs (no script-src), and html/svg are never stored at all (file-types.ts).
 */
export const UPLOAD_PREVIEW_CONTENT_SECURITY_POLICY =
  "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; object-src 'self'; frame-ancestors 'self'";

/**
 * The same on every answer. same-origin: the OAuth callback's address carries a one-time `code`
 * and `state`, and a page's address may carry other one-time values; no other origin (an iframe
 * menu, an external link, the identity provider) ever learns an address of this site.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'x-content-type-options': 'nosniff',
  'referrer-policy': 'same-origin',
  // frame-ancestors' predecessor, for browsers that predate it.
  'x-frame-options': 'SAMEORIGIN',
};

/**
 * Only over TLS (a plain-http answer's HSTS is ignored by browsers, and on a local install it
 * would be a lie). A year; without includeSubDomains, since the other hosts of the domain Lintel
 * is deployed under are not ours to pin to https.
 */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000';

/** Puts the headers on one answer; HSTS only when the request came over TLS. */
function secure(request: FastifyRequest, reply: FastifyReply): void {
  reply.headers(SECURITY_HEADERS);
  if (request.protocol === 'https') reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
}

/**
 * Sets the security headers on every answer from one place: the first onRequest hook, so that they
 * are there before any other hook can answer (rate limits, the gate, the swagger guard's redirect)
 * and whatever answers later (routes, errors, the 404 and page fallback, @fastify/static for the
 * web build and Swagger UI, the compression plugin, which keeps headers) sends them. A route with a
 * stricter policy (uploads) overrides the header. Plain strings set in a hook, not @fastify/helmet:
 * the policy is readable in one place, HSTS depends on the request's protocol (which honours
 * TRUST_PROXY), and no per-request middleware chain runs on the hot API path.
 */
export function registerSecurityHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', (request, reply, done) => {
    secure(request, reply);
    done();
  });
}

/**
 * Fastify's `frameworkErrors` option: an address the router cannot read (bad percent-encoding in a
 * path parameter) is refused before any hook runs, so that answer gets its headers here. The error
 * then takes the usual way to its 400 answer.
 */
export function frameworkErrorWithHeaders(error: Error, request: FastifyRequest, reply: FastifyReply): void {
  secure(request, reply);
  // The wrapper, in the request's language: this reply's context predates setErrorHandler.
  void answerError(error, request, reply);
}
