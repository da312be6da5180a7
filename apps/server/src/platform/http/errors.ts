import type { MessageParams } from '../i18n/index.js';

/**
 * A failure the client caused or must hear about. `key` names a message in the locale catalogs;
 * the error handler translates it with `params` for the request's language and answers with the
 * real HTTP status, repeated as the body's `code`.
 */
export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    readonly key: string,
    readonly params?: MessageParams,
    readonly headers?: Record<string, string>,
  ) {
    super(key);
    this.name = 'AppError';
  }
}

export const badRequest = (key: string, params?: MessageParams) => new AppError(400, key, params);
export const unauthorized = (key = 'error.unauthorized', headers?: Record<string, string>) =>
  new AppError(401, key, undefined, headers);
export const forbidden = (key = 'error.forbidden', params?: MessageParams) => new AppError(403, key, params);
export const notFound = (key = 'crud.notFound', params?: MessageParams) => new AppError(404, key, params);
export const conflict = (key: string, params?: MessageParams) => new AppError(409, key, params);
export const tooManyRequests = (key: string, params?: MessageParams) => new AppError(429, key, params);
export const serviceUnavailable = (key: string, headers?: Record<string, string>) =>
  new AppError(503, key, undefined, headers);
