import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { t } from '../i18n/index.js';
import { AppError } from './errors.js';
import { envelope } from './result.js';
import { describeValidation } from './validation.js';

/** Answers a request that no route serves instead of the JSON 404, or returns false to keep it. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * Maps every failure to the response wrapper with the real HTTP status repeated as `code`, a
 * message in the request's language, and never leaks internals: anything unexpected is a logged 500.
 * `fallback` (the web app's page fallback) gets the first say on an address no route serves.
 */
export function registerErrorHandling(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const locale = request.locale;
    if (error instanceof AppError) {
      if (error.headers) reply.headers(error.headers);
      const type = error.statusCode >= 500 ? 'error' : error.statusCode === 429 ? 'warning' : 'error';
      return reply
        .status(error.statusCode)
        .send(envelope(error.statusCode, type, t(locale, error.key, error.params), null));
    }
    if (error.validation) {
      const problems = describeValidation(error.validation, error.validationContext, locale);
      const message = problems.map((p) => p.message).join(' ');
      return reply
        .status(400)
        .send({ ...envelope(400, 'error', message, null), extras: { errors: problems } });
    }
    const status = error.statusCode ?? 500;
    if (status === 429) {
      return reply.status(429).send(envelope(429, 'warning', error.message, null));
    }
    if (status >= 400 && status < 500) {
      const key =
        error.code === 'FST_ERR_CTP_INVALID_JSON_BODY' || error.code === 'FST_ERR_CTP_EMPTY_JSON_BODY'
          ? 'error.badJson'
          : error.code === 'FST_ERR_CTP_BODY_TOO_LARGE'
            ? 'error.payloadTooLarge'
            : error.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE'
              ? 'error.unsupportedMediaType'
              : error instanceof SyntaxError
                ? 'error.badJson'
                : null;
      const message = key
        ? t(locale, key, { type: String(request.headers['content-type'] ?? '') })
        : error.message;
      return reply.status(status).send(envelope(status, 'error', message, null));
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send(envelope(500, 'error', t(locale, 'error.internal'), null));
  });

  app.setNotFoundHandler(async (request, reply) => {
    if (fallback && (await fallback(request, reply))) return reply;
    return reply.status(404).send(
      envelope(
        404,
        'error',
        t(request.locale, 'error.routeNotFound', {
          method: request.method,
          url: request.url.split('?')[0] ?? '',
        }),
        null,
      ),
    );
  });
}
