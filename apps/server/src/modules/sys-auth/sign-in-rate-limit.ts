/**
 * Password attempts per client address and minute, for every route that checks an account
 * password before a session exists: the app's sign-in and the documentation login. The Redis store,
 * when configured, shares the counts across processes.
 */
export const SIGN_IN_RATE_LIMIT = { max: 30, timeWindow: 60_000 } as const;
