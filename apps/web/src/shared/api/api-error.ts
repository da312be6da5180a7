/** A failed call: HTTP status (0 for network errors and timeouts), body code and the message shown. */
export class ApiError extends Error {
  constructor(
    message: string,
    readonly status: number,
    readonly code: number | null,
    readonly body: unknown = null,
  ) {
    super(message);
    this.name = 'ApiError';
  }
}
