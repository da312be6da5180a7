import type { FastifyInstance } from 'fastify';

/**
 * Every JSON media type is JSON (ARCHITECTURE 5): besides `application/json`, which Fastify parses
 * itself, any `application/<subtype>+json` (RFC 6839 structured syntax suffix: problem+json,
 * vnd.api+json, merge-patch+json...), with or without parameters such as a charset. Fastify tests
 * the pattern against the normalised header (`type/subtype; name="value"`, type and subtype in lower
 * case). Anything else without a parser of its own stays a 415 with the localized message.
 */
export const JSON_SUFFIX_MEDIA_TYPE = /^application\/[\w!#$&^.-]+(?:\+[\w!#$&^.-]+)*\+json(?:;|$)/;

export function registerJsonMediaTypes(app: FastifyInstance): void {
  // The same parser as application/json: prototype poisoning refused as Fastify's defaults do.
  app.addContentTypeParser(
    JSON_SUFFIX_MEDIA_TYPE,
    { parseAs: 'string' },
    app.getDefaultJsonParser('error', 'error'),
  );
}
