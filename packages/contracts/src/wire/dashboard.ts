import { Type, type Static } from 'typebox';
import { Day, Nullable } from './common.js';

/**
 * The dashboard's figures: counts the product holds about the caller's tenant (no names, no
 * invented numbers). `tz` is the browser's IANA time zone, so "today" and the days of the sign-in
 * series are the caller's days.
 */
export const DashboardFiguresQuery = Type.Object(
  { tz: Type.Optional(Type.String({ minLength: 1, maxLength: 64, description: 'IANA time zone' })) },
  { additionalProperties: false },
);

const DayCount = Type.Object({ day: Day, count: Type.Integer() });

export const DashboardFigures = Type.Object({
  /** Accounts with an open realtime connection now. */
  onlineUsers: Type.Integer(),
  /** Enabled accounts of the tenant. */
  accounts: Type.Integer(),
  /** Successful sign-ins today. */
  signInsToday: Type.Integer(),
  /** Accounts that signed in at least once in the last 7 days (today included). */
  activeUsers7d: Type.Integer(),
  /** Successful sign-ins per day, the oldest of the 7 days first; days without any are 0. */
  signInsByDay: Type.Array(DayCount),
  /** The tenant's stored files. */
  files: Type.Object({ count: Type.Integer(), bytes: Type.Number() }),
  /** Job runs of the last 24 hours (the platform's jobs: the super admin only, null for others). */
  jobs: Nullable(Type.Object({ succeeded: Type.Integer(), failed: Type.Integer() })),
  /** The caller's own schedule: entries done of all entries, this week (Monday first) and month. */
  schedule: Type.Object({
    weekDone: Type.Integer(),
    weekTotal: Type.Integer(),
    monthDone: Type.Integer(),
    monthTotal: Type.Integer(),
  }),
});

export type DashboardFiguresQuery = Static<typeof DashboardFiguresQuery>;
export type DashboardFigures = Static<typeof DashboardFigures>;
