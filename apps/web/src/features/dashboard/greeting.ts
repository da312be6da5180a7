export type DayPeriod = 'dawn' | 'morning' | 'forenoon' | 'noon' | 'afternoon' | 'dusk' | 'evening' | 'night';

/** SPEC 9's eight greetings, by the local hour. */
export function dayPeriod(hour: number): DayPeriod {
  if (hour < 6) return 'dawn';
  if (hour < 9) return 'morning';
  if (hour < 12) return 'forenoon';
  if (hour < 14) return 'noon';
  if (hour < 17) return 'afternoon';
  if (hour < 19) return 'dusk';
  if (hour < 22) return 'evening';
  return 'night';
}
