/**
 * Realtime connections (notices, online users) register here so that an idle sign-out can stop
 * them before the tokens go. The product has none yet; the hook keeps the SPEC 4 step in place.
 */
const connections = new Set<() => void>();

export function registerRealtime(stop: () => void): () => void {
  connections.add(stop);
  return () => connections.delete(stop);
}

export function stopRealtime(): void {
  for (const stop of [...connections]) stop();
  connections.clear();
}
