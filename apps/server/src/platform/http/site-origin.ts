import type { FastifyRequest } from 'fastify';

/**
 * This site's origin for addresses the server hands out (the OAuth callback registered with
 * providers, the QR code's confirm page). PUBLIC_URL pins it; without it the request's own protocol
 * and Host are used, which a client can set: production behind a proxy should set PUBLIC_URL.
 */
export function siteOrigin(request: FastifyRequest, publicUrl: string | undefined): string {
  return publicUrl ?? `${request.protocol}://${request.host}`;
}
