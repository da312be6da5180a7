import compress from '@fastify/compress';
import type { FastifyInstance, RouteOptions } from 'fastify';

/** Files smaller than this go out as they are: compressing them costs more than it saves. */
export const COMPRESSION_THRESHOLD = 1024;
/**
 * API answers below this go out as they are: the hot ones (userInfo, loginMenuTree) are 1-2 KB,
 * where gzip nearly doubled their CPU per request for a few hundred bytes on a local network.
 * Lists, exports and documents are larger and compressed.
 */
export const API_COMPRESSION_THRESHOLD = 4096;

/**
 * API answers are built per request and mostly 1 to 20 KB: gzip first, since brotli's per-answer
 * set-up costs about twice as much CPU there for a few percent smaller output. A client that
 * asks only for brotli (or prefers it by q-value) still gets it.
 */
const API_COMPRESSION: NonNullable<RouteOptions['compress']> = {
  encodings: ['gzip', 'br'],
  threshold: API_COMPRESSION_THRESHOLD,
};

/**
 * Brotli or gzip, as the client asks, for every compressible answer (HTML, scripts, styles, JSON
 * API answers, SVG) of at least COMPRESSION_THRESHOLD bytes; files of the web build prefer brotli.
 * Must be registered before the routes. Event streams and already encoded answers (pre-compressed
 * files) pass through untouched, and request bodies are not decompressed (no zip bomb gets past
 * the body limit).
 */
export async function registerCompression(app: FastifyInstance): Promise<void> {
  // Runs before the plugin's own onRoute hook, which reads the route's `compress` option.
  app.addHook('onRoute', (route) => {
    if (route.url.startsWith('/api/') && route.compress === undefined) route.compress = API_COMPRESSION;
  });
  await app.register(compress, {
    global: true,
    globalDecompression: false,
    encodings: ['br', 'gzip'],
    threshold: COMPRESSION_THRESHOLD,
  });
}
