import type { ApiResult, ResultType } from '@lintel/contracts';
import type { TSchema } from 'typebox';
import { Type } from 'typebox';

/** ISO 8601 with the server's offset, e.g. 2026-11-22T16:40:10.123+00:00. */
export function isoNow(date = new Date()): string {
  const offset = -date.getTimezoneOffset();
  const sign = offset >= 0 ? '+' : '-';
  const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
  const local = new Date(date.getTime() + offset * 60_000).toISOString().slice(0, -1);
  return `${local}${sign}${pad(offset / 60)}:${pad(offset % 60)}`;
}

export function envelope<T>(code: number, type: ResultType, message: string, result: T): ApiResult<T> {
  return { code, type, message, result, extras: null, time: isoNow() };
}

/** The body of a successful call; routes return `ok(value)`. */
export function ok<T>(result: T, message = ''): ApiResult<T> {
  return envelope(200, 'success', message, result);
}

/** Response schema of a wrapped result, for validation-free fast serialisation and for OpenAPI. */
export function Wrapped<T extends TSchema>(result: T) {
  return Type.Object({
    code: Type.Integer(),
    type: Type.String(),
    message: Type.String(),
    result,
    extras: Type.Unknown(),
    time: Type.String(),
  });
}
