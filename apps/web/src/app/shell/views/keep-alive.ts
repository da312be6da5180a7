/** How many kept-alive pages stay mounted (hidden) at most; the least recently shown goes first. */
export const KEEP_ALIVE_CAP = 10;

/**
 * The kept-alive list after showing `entry`: it moves to the end (most recent); beyond `cap` the
 * entries at the front (least recently shown) are evicted, and unmount with their state.
 */
export function touchLru<T extends { key: string }>(list: readonly T[], entry: T, cap = KEEP_ALIVE_CAP): T[] {
  const next = [...list.filter((e) => e.key !== entry.key), entry];
  return next.length > cap ? next.slice(next.length - cap) : next;
}
