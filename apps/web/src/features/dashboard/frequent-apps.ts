import { local } from '../../shared/storage';

/**
 * "Frequently used" shortcuts: how often each page path was opened on this device, kept in local
 * storage (product-prefixed). The shell calls recordVisit on every navigation.
 */
const KEY = 'frequentApps';
/** Paths kept at most; the least used fall off first. */
const KEEP = 50;

interface Visit {
  path: string;
  count: number;
  last: number;
}

const read = (): Visit[] => {
  const stored = local.get<Visit[]>(KEY);
  return Array.isArray(stored)
    ? stored.filter((v) => v && typeof v.path === 'string' && typeof v.count === 'number')
    : [];
};

const byUse = (a: Visit, b: Visit) => b.count - a.count || b.last - a.last;

export function recordVisit(path: string, now = Date.now()): void {
  if (!path.startsWith('/') || path === '/' || path === '/login') return;
  const visits = read();
  const hit = visits.find((v) => v.path === path);
  if (hit) {
    hit.count += 1;
    hit.last = now;
  } else visits.push({ path, count: 1, last: now });
  local.set(KEY, visits.sort(byUse).slice(0, KEEP));
}

/** The most used paths first (ties: the most recent first). */
export function frequentApps(limit = 8): string[] {
  return read()
    .sort(byUse)
    .slice(0, limit)
    .map((v) => v.path);
}
