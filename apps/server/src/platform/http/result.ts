import type { ApiResult, ResultType } from '@lintel/contracts';
import type { TSchema } from 'typebox';
import { Type } from 'typebox';

const pad = (n: number) => String(Math.floor(Math.abs(n))).padStart(2, '0');
const offsetText = (minutes: number) =>
  `${minutes >= 0 ? '+' : '-'}${pad(minutes / 60)}:${pad(minutes % 60)}`;

/** ISO 8601 with the server's offset at that date, e.g. 2026-11-22T16:40:10.123+08:00. */
export function formatIso(date: Date): string {
  const minutes = -date.getTimezoneOffset();
  return new Date(date.getTime() + minutes * 60_000).toISOString().slice(0, -1) + offsetText(minutes);
}

let offsetMinutes = 0;
let offsetCheckedAt = -Infinity;

/** The current time as formatIso does, for the `time` of every response: the offset is looked up once a minute. */
export function isoNow(): string {
  const ms = Date.now();
  if (ms - offsetCheckedAt > 60_000 || ms < offsetCheckedAt) {
    offsetMinutes = -new Date(ms).getTimezoneOffset();
    offsetCheckedAt = ms;
  }
  return new Date(ms + offsetMinutes * 60_000).toISOString().slice(0, -1) + offsetText(offsetMinutes);
}

export function envelope<T>(code: number, type: ResultType, message: string, result: T): ApiResult<T> {
  return { code, type, message, result, extras: null, time: isoNow() };
}

/** The body of a successful call; routes return `ok(value)`. */
export function ok<T>(result: T, message = ''): ApiResult<T> {
  return envelope(200, 'success', message, result);
}

/** The answer of a command route: waits for the work, then answers success with no result. */
export async function done(work: Promise<unknown>): Promise<ApiResult<null>> {
  await work;
  return ok(null);
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
