import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';

/** Vite names every file under assets/ by a hash of its content: it never changes under its name. */
export const IMMUTABLE = 'public, max-age=31536000, immutable';
/** index.html and the other unhashed files: always revalidated, so a new build is picked up. */
export const REVALIDATE = 'no-cache';

/**
 * Addresses that belong to the server, never to the web app's router: an unknown one is a 404 even
 * for a browser, and a missing hashed asset is a 404 rather than index.html served as a script.
 */
const SERVER_PATHS = /^\/(?:(?:api|upload|assets)(?:\/|$)|swagger)/;

function pathOf(request: FastifyRequest): string {
  const url = request.raw.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}

/** `.` or `..` segments, empty segments, backslashes or NUL, encoded or not: never a page address. */
const ODD_PATH = /(?:^|[\\/])\.{1,2}(?:[\\/]|$)|\/\/|\\|\0/;

function isCanonical(pathname: string): boolean {
  try {
    return !ODD_PATH.test(decodeURIComponent(pathname));
  } catch {
    return false; // malformed percent-encoding
  }
}

/** A browser navigating to a page of the web app (not a script, an image or an API call). */
function isPageNavigation(request: FastifyRequest): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (!(request.headers.accept ?? '').includes('text/html')) return false;
  const pathname = pathOf(request);
  return !SERVER_PATHS.test(pathname) && isCanonical(pathname);
}

async function readIndex(dist: string): Promise<Buffer | null> {
  try {
    return await readFile(path.join(dist, 'index.html'));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw error;
  }
}

/** index.html, read on each page load (about 1 KB) so that a rebuild needs no restart. */
async function sendPage(dist: string, reply: FastifyReply): Promise<FastifyReply> {
  const index = await readIndex(dist);
  if (!index) {
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-store').send(NOT_BUILT_PAGE);
  }
  return reply.type('text/html; charset=utf-8').header('cache-control', REVALIDATE).send(index);
}

/**
 * For the not-found handler: a page navigation that no route and no file answered gets the web
 * app (its router shows the page, or its own 404). Returns false for everything else, which keeps
 * the JSON 404.
 */
export function spaFallback(dist: string) {
  return async (request: FastifyRequest, reply: FastifyReply): Promise<boolean> => {
    if (!isPageNavigation(request)) return false;
    await sendPage(dist, reply);
    return true;
  };
}

/**
 * Serves the built web app from `dist`: `/` and page addresses get index.html (no-cache), files
 * under assets/ are cached for a year, other files of the build (favicon, robots.txt) revalidate.
 * No directory listing, no dot files, and @fastify/static refuses `..` and encoded traversal.
 * Pre-compressed siblings (`app.js.br`, `app.js.gz`) are used when the build writes them;
 * otherwise the compression plugin compresses on the fly. When the app is not built, `/` says so.
 */
export async function registerWeb(app: FastifyInstance, dist: string): Promise<void> {
  const assets = path.join(dist, 'assets') + path.sep;
  app.get('/', { schema: { hide: true } }, async (_request, reply) => sendPage(dist, reply));
  await app.register(fastifyStatic, {
    root: dist,
    prefix: '/',
    wildcard: true,
    index: false,
    list: false,
    redirect: false,
    dotfiles: 'ignore',
    preCompressed: true,
    cacheControl: false,
    decorateReply: false,
    // The web app may be built after the server started (or never, for an API-only install).
    suppressWarning: true,
    setHeaders(reply, file) {
      reply.header('cache-control', file.startsWith(assets) ? IMMUTABLE : REVALIDATE);
    },
  });
}

/** What `/` answers while there is no build: the truth, and how to fix it (no server paths in it). */
export const NOT_BUILT_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lintel: the web app is not built</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;max-width:640px;margin:64px auto;padding:0 16px;color:#222;line-height:1.5}
code{background:#f1f3f6;padding:2px 6px;border-radius:4px}</style></head>
<body><h1>The Lintel web app is not built</h1>
<p>The server is running and its API answers, but it found no web app to serve (no <code>index.html</code> in <code>apps/web/dist</code>, or in the folder the <code>WEB_DIST</code> setting names).</p>
<p>Build it with <code>npm run build -w apps/web</code> (or start with <code>npm start</code>, which builds first), then reload this page.</p>
<p>The API documentation is at <a href="/swagger">/swagger</a>.</p>
</body></html>`;
