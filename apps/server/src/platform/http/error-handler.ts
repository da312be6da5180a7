import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { negotiateLocale, t } from '../i18n/index.js';
import { isDatabaseUnavailable } from '../db/unavailable.js';
import { AppError, serviceUnavailable } from './errors.js';
import { envelope } from './result.js';
import { describeValidation } from './validation.js';
import { serverErrorMessage } from '../logs/exception-log.js';

/** Fastify's own refusals of client input, as messages of the catalogs. */
const CLIENT_ERROR_KEYS = new Map<string | undefined, string>([
  ['FST_ERR_CTP_INVALID_JSON_BODY', 'error.badJson'],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', 'error.badJson'],
  ['FST_ERR_CTP_BODY_TOO_LARGE', 'error.payloadTooLarge'],
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', 'error.unsupportedMediaType'],
  // From the router (frameworkErrors): a path that does not percent-decode, an over-long parameter.
  ['FST_ERR_BAD_URL', 'input.badUrl'],
  ['FST_ERR_MAX_PARAM_LENGTH', 'input.urlTooLong'],
]);
const ROUTER_ERRORS = new Set(['FST_ERR_BAD_URL', 'FST_ERR_MAX_PARAM_LENGTH']);

/**
 * PostgreSQL stopped, restarting or out of reach: not a fault of the code but of the moment, so a
 * 503 the client may retry (the pool reconnects on its own once the database is back), not a 500.
 */
function databaseUnavailable(failure: Error, request: FastifyRequest): AppError {
  request.log.warn({ err: failure }, 'database unavailable');
  return serviceUnavailable('error.databaseUnavailable', { 'retry-after': String(RETRY_AFTER_SECONDS) });
}
const RETRY_AFTER_SECONDS = 5;

/** Answers a request that no route serves instead of the JSON 404, or returns false to keep it. */
export type NotFoundFallback = (request: FastifyRequest, reply: FastifyReply) => Promise<boolean>;

/**
 * The answer to a failure: the response wrapper with the real HTTP status repeated as `code`, a
 * message in the request's language, never internals (anything unexpected is a logged 500).
 * Also for failures met by the router before any hook runs (Fastify's `frameworkErrors`).
 */
export function answerError(failure: Error, request: FastifyRequest, reply: FastifyReply) {
  const error = (isDatabaseUnavailable(failure) ? databaseUnavailable(failure, request) : failure) as
    FastifyError | AppError;
  const locale = request.locale;
  // Always JSON, also when a route had already named a file (an export refused before its first byte).
  reply.removeHeader('content-disposition');
  reply.type('application/json; charset=utf-8');
  if (error instanceof AppError) {
    if (error.headers) reply.headers(error.headers);
    const type = error.statusCode >= 500 ? 'error' : error.statusCode === 429 ? 'warning' : 'error';
    const message = t(locale, error.key, error.params);
    return reply.status(error.statusCode).send(
      envelope(
        error.statusCode,
        type,
        // A server error names its exception log row.
        error.statusCode >= 500 ? serverErrorMessage(request, error, message) : message,
        null,
      ),
    );
  }
  if (error.validation) {
    const problems = describeValidation(error.validation, error.validationContext, locale);
    const message = problems.map((p) => p.message).join(' ');
    return reply.status(400).send({ ...envelope(400, 'error', message, null), extras: { errors: problems } });
  }
  const status = error.statusCode ?? 500;
  if (status === 429) {
    return reply.status(429).send(envelope(429, 'warning', error.message, null));
  }
  if (status >= 400 && status < 500) {
    const key = CLIENT_ERROR_KEYS.get(error.code) ?? (error instanceof SyntaxError ? 'error.badJson' : null);
    // The router refuses before the onRequest hook has chosen the language.
    const language = ROUTER_ERRORS.has(error.code)
      ? negotiateLocale(request.headers['accept-language'])
      : locale;
    const message = key
      ? t(language, key, { type: String(request.headers['content-type'] ?? '') })
      : error.message;
    return reply.status(status).send(envelope(status, 'error', message, null));
  }
  request.log.error({ err: error }, 'unhandled error');
  const message = serverErrorMessage(request, error, t(locale, 'error.internal'));
  return reply.status(500).send(envelope(500, 'error', message, null));
}

/**
 * Answers every failure with `answerError`. `fallback` (the web app's page fallback) gets the first
 * say on an address no route serves.
 */
export function registerErrorHandling(app: FastifyInstance, fallback?: NotFoundFallback): void {
  app.setErrorHandler(answerError);

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
