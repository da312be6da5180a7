import {
  ACCESS_TOKEN_HEADER,
  DEFAULT_LOCALE,
  INVALID_TOKEN,
  REFRESH_TOKEN_HEADER,
  type ApiResult,
} from '@lintel/contracts';
import { LOCALE_KEY, local } from '../storage';
import { ApiError } from './api-error';
import { notifier } from './notify';
import { isPasswordChangeRefusal, openPasswordChange } from './password-due';
import { networkErrorText, requestErrorText, timeoutText, unreadableText } from './request-messages';
import { endSessionAndReload } from './session';
import { isExpired, readAccessToken, readRefreshToken, saveTokens } from './tokens';

/** SPEC 9: every call may take up to ten minutes (exports, imports) before it is abandoned. */
export const HTTP_TIMEOUT_MS = 600_000;

/** The API's base URL: the site root unless the build sets VITE_API_URL. */
const BASE_URL = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'DELETE';
  query?: Record<string, string | number | boolean | undefined | null>;
  /** Sent as JSON; a FormData is sent as multipart/form-data (uploads). */
  body?: unknown;
  /** The caller handles failures itself: no toast, the ApiError is thrown to it. */
  customCatch?: boolean;
  timeoutMs?: number;
}

function url(path: string, query: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query ?? {}))
    if (v !== undefined && v !== null) params.set(k, String(v));
  const qs = params.toString();
  return `${BASE_URL}${path}${qs ? `?${qs}` : ''}`;
}

function headersFor(hasBody: boolean): Headers {
  const headers = new Headers({ 'Accept-Language': local.get<string>(LOCALE_KEY) ?? DEFAULT_LOCALE });
  if (hasBody) headers.set('Content-Type', 'application/json');
  const access = readAccessToken();
  if (access) {
    headers.set('Authorization', `Bearer ${access}`);
    const refresh = readRefreshToken();
    if (refresh && isExpired(access)) headers.set('X-Authorization', `Bearer ${refresh}`);
  }
  return headers;
}

/** Stores a rotated token pair, or ends the session when the server marks the token invalid. */
function applyTokenHeaders(response: Response): boolean {
  const access = response.headers.get(ACCESS_TOKEN_HEADER);
  if (access === INVALID_TOKEN) {
    endSessionAndReload();
    return false;
  }
  if (access) saveTokens(access, response.headers.get(REFRESH_TOKEN_HEADER));
  return true;
}

const serialize = (value: unknown): string => (typeof value === 'string' ? value : JSON.stringify(value));

function fail(error: ApiError, customCatch: boolean | undefined): never {
  if (!customCatch) notifier().error(error.message);
  throw error;
}

/** A body that is not JSON, where the API always answers JSON (a proxy's error page, a cut-off body). */
export const UNREADABLE: unique symbol = Symbol('unreadable body');

/** A body's JSON: null when empty, UNREADABLE when it is something else. */
export function parseBody(text: string): unknown {
  if (!text) return null;
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return UNREADABLE;
  }
}

async function readBody(response: Response): Promise<unknown> {
  return parseBody(await response.text());
}

/**
 * Sends one call with the auth headers and answers the response; a network failure or the timeout
 * rejects with an ApiError (toasted unless customCatch). The caller owns `signal` (see
 * `request` and `download`), so a streamed body can stay under the same time limit.
 */
export async function send(path: string, options: RequestOptions, signal: AbortSignal): Promise<Response> {
  const { method = 'GET', query, body, customCatch, timeoutMs = HTTP_TIMEOUT_MS } = options;
  try {
    return await fetch(url(path, query), {
      method,
      // A FormData body (uploads) goes as multipart: the browser sets its content type and boundary.
      headers: headersFor(body !== undefined && !(body instanceof FormData)),
      body: body === undefined ? undefined : body instanceof FormData ? body : JSON.stringify(body),
      signal,
    });
  } catch (cause) {
    return failOnTransport(cause, signal, timeoutMs, customCatch);
  }
}

/** A transport failure (network, or the abort of the time limit) as the ApiError of SPEC 8. */
export function failOnTransport(
  cause: unknown,
  signal: AbortSignal,
  timeoutMs: number,
  customCatch: boolean | undefined,
): never {
  // The browser's exception ("TypeError: Failed to fetch") means nothing to the user: it stays on
  // the error for the console, the toast says what happened.
  const error = new ApiError(signal.aborted ? timeoutText(timeoutMs) : networkErrorText(), 0, null);
  error.cause = cause;
  return fail(error, customCatch);
}

/**
 * Applies the rules of SPEC 7 and 8 to an answer whose body has been read: rotated tokens, session end
 * on 401 / invalid_token, `errors`, failure statuses and codes. Answers the parsed wrapper when the
 * call succeeded; otherwise throws the ApiError (toasted unless customCatch).
 */
export function checkAnswer<T>(
  response: Response,
  body: (Partial<ApiResult<T>> & { errors?: unknown }) | null | typeof UNREADABLE,
  customCatch: boolean | undefined,
): Partial<ApiResult<T>> | null {
  if (!applyTokenHeaders(response)) throw new ApiError(INVALID_TOKEN, response.status, null);
  const data = body === UNREADABLE ? null : body;
  const code = typeof data?.code === 'number' ? data.code : null;

  if (response.status === 401 || code === 401) {
    endSessionAndReload();
    throw new ApiError(serialize(data?.message ?? response.statusText), 401, code, data);
  }
  if (isPasswordChangeRefusal(response)) {
    // The tenant requires a new password first: no toast, the change-password page opens.
    openPasswordChange();
    throw new ApiError(serialize(data?.message ?? response.statusText), response.status, code, data);
  }
  if (body === UNREADABLE) return fail(new ApiError(unreadableText(), response.status, null), customCatch);
  if (data && typeof data === 'object' && data.errors) {
    return fail(new ApiError(serialize(data.errors), response.status, code, data), customCatch);
  }
  if (response.status >= 400) {
    // The server explains most failures in the body; the status text is the fallback (SPEC 8).
    const text = data?.message ? serialize(data.message) : response.statusText || requestErrorText();
    return fail(new ApiError(text, response.status, code, data), customCatch);
  }
  if (code !== null && code !== 200) {
    return fail(new ApiError(serialize(data?.message ?? ''), response.status, code, data), customCatch);
  }
  return data;
}

/**
 * Calls the API and returns the `result` of its response wrapper, applying SPEC sections 7 and 8:
 * bearer and refresh headers, rotated tokens, session end on 401 / invalid_token, error toasts.
 */
export async function request<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { customCatch, timeoutMs = HTTP_TIMEOUT_MS } = options;
  const controller = new AbortController();
  const timer = setTimeout(() => controller.abort(), timeoutMs);
  let response: Response;
  try {
    response = await send(path, options, controller.signal);
  } finally {
    clearTimeout(timer);
  }
  const data = (await readBody(response)) as
    (Partial<ApiResult<T>> & { errors?: unknown }) | typeof UNREADABLE;
  return checkAnswer(response, data, customCatch)?.result as T;
}
