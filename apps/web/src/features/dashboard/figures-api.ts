import type { DashboardFigures } from '@lintel/contracts';
import { request } from '../../shared/api/client';

/** The browser's time zone, so "today" is the user's day. */
export const browserTimeZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC';

export const figuresKey = ['dashboard', 'figures'] as const;

export const fetchFigures = () =>
  request<DashboardFigures>(`/api/sysDashboard/figures?tz=${encodeURIComponent(browserTimeZone())}`);

/** A byte count in the largest unit that keeps it at or above 1 (B, KB, MB, GB, TB). */
export function formatBytes(bytes: number): string {
  const units = ['B', 'KB', 'MB', 'GB', 'TB'];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${unit === 0 ? value : value.toFixed(1)} ${units[unit]}`;
}
