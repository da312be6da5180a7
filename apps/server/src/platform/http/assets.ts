import { readFileSync } from 'node:fs';
import type { FastifyInstance } from 'fastify';

const ASSETS = new URL('../../../assets/', import.meta.url);
export const LOGO_PNG = readFileSync(new URL('logo.png', ASSETS));
export const LOGO_SVG = readFileSync(new URL('logo.svg', ASSETS));

/**
 * The product logo at the address the specification uses for the default logo and avatar
 * (`/upload/logo.png`), and as the favicon. Public: the login page shows it before sign-in.
 */
export function registerAssets(app: FastifyInstance): void {
  const serve = (url: string, type: string, body: Buffer) =>
    app.get(url, { schema: { hide: true } }, async (_request, reply) =>
      reply.type(type).header('cache-control', 'public, max-age=86400').send(body),
    );
  serve('/upload/logo.png', 'image/png', LOGO_PNG);
  serve('/upload/logo.svg', 'image/svg+xml', LOGO_SVG);
  serve('/favicon.ico', 'image/png', LOGO_PNG);
}
