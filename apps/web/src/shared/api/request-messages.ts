import i18n from 'i18next';

/**
 * The client's own error texts (SPEC 8), in the user's language. The English wording stands in when
 * the messages are not loaded yet (a failure during start-up) and in tests that run without i18n.
 */
function say(key: string, fallback: string, values: Record<string, string | number> = {}): string {
  const full = `shell.${key}`;
  return i18n.isInitialized && i18n.exists(full) ? i18n.t(full, values) : fallback;
}

export const requestErrorText = () => say('requestError', 'Request Error.');

export const timeoutText = (ms: number) => say('requestTimeout', `Request timed out after ${ms} ms.`, { ms });

export const networkErrorText = (detail: string) =>
  say('networkError', `Network Error: ${detail}`, { detail });
