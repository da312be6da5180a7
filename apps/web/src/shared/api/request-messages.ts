import i18n from 'i18next';

/**
 * The client's own error texts (SPEC 8), in the user's language (area `request`, loaded with the
 * sign-in page, whose calls fail the same way). They say what happened in words, never the
 * browser's exception ("TypeError: Failed to fetch"). The English wording stands in when the
 * messages are not loaded yet (a failure during start-up) and in tests that run without i18n.
 */
function say(key: string, fallback: string, values: Record<string, string | number> = {}): string {
  const full = `request.${key}`;
  return i18n.isInitialized && i18n.exists(full) ? i18n.t(full, values) : fallback;
}

export const requestErrorText = () => say('error', 'Request Error.');

export const timeoutText = (ms: number) => {
  const seconds = Math.max(1, Math.round(ms / 1000));
  return say('timeout', `The server did not answer within ${seconds} seconds. Please try again later.`, {
    seconds,
  });
};

export const networkErrorText = () =>
  say('network', 'The server could not be reached. Check the network connection and try again.');

/** An answer that is not JSON where the API always sends JSON (a proxy's error page, a cut-off body). */
export const unreadableText = () =>
  say('unreadable', 'The server sent an answer that could not be read. Please try again later.');
