import i18n from 'i18next';

/**
 * Words of the shared AI helpers (area `ai`), with English standing in when the messages are not
 * loaded (tests without i18n, a failure during start-up).
 */
export function aiText(key: string, fallback: string, values: Record<string, string | number> = {}): string {
  const full = `ai.${key}`;
  return i18n.isInitialized && i18n.exists(full) ? i18n.t(full, values) : fallback;
}

/** SPEC 8 (chat): the stream could not be opened or broke off. */
export const backendUnreachableText = () =>
  aiText('backendUnreachable', 'Failed to connect to the backend service. Please try again.');
