/** SPEC 4 / 9 idle timeout constants. */
export const ACTIVITY_DEBOUNCE_MS = 200;
export const IDLE_CHECK_INTERVAL_MS = 2000;
/** What counts as activity for the idle timeout (SPEC 4). */
export const IDLE_EVENTS = ['wheel', 'keydown', 'click'] as const;

export interface ActivityWatchOptions {
  /** Seconds without activity before `onTimeout`; 0 (or less) disables the watch. */
  timeoutSeconds: number;
  onTimeout(): void;
  /** Window events that count as activity; `visibilitychange` to visible always does. */
  events?: readonly string[];
  now?: () => number;
}

/**
 * Records the last activity (debounced: the time is taken 200 ms after a burst of events ends),
 * and every 2 s compares the time since then with the timeout. Fires `onTimeout` once, then stops.
 * Returns the function that stops watching.
 */
export function watchActivity({
  timeoutSeconds,
  onTimeout,
  events = IDLE_EVENTS,
  now = Date.now,
}: ActivityWatchOptions): () => void {
  if (!(timeoutSeconds > 0)) return () => {};
  let last = now();
  let debounce: ReturnType<typeof setTimeout> | undefined;
  const record = () => {
    clearTimeout(debounce);
    debounce = setTimeout(() => (last = now()), ACTIVITY_DEBOUNCE_MS);
  };
  const onVisibility = () => {
    if (document.visibilityState === 'visible') record();
  };
  for (const name of events) window.addEventListener(name, record, { passive: true, capture: true });
  document.addEventListener('visibilitychange', onVisibility);

  const stop = () => {
    clearInterval(check);
    clearTimeout(debounce);
    for (const name of events) window.removeEventListener(name, record, { capture: true });
    document.removeEventListener('visibilitychange', onVisibility);
  };
  const check = setInterval(() => {
    if (now() - last >= timeoutSeconds * 1000) {
      stop();
      onTimeout();
    }
  }, IDLE_CHECK_INTERVAL_MS);
  return stop;
}
