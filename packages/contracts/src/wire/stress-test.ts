import { Type, type Static } from 'typebox';

/**
 * The stress test (sysCommon/stressTest): load on one of the product's own GET routes, bounded, with
 * the caller's token, answered as text/event-stream: `progress` each second, then `done` with the result (or `error`), after a first `meta`.
 */

export const STRESS_MAX_DURATION = 30;
export const STRESS_MAX_CONNECTIONS = 50;

export const StressTestBody = Type.Object(
  {
    /** A GET route of this server: a path only (`/api/sysPos/list?…`), no host. */
    path: Type.String({ minLength: 5, maxLength: 512, pattern: '^/api/' }),
    duration: Type.Integer({ minimum: 1, maximum: STRESS_MAX_DURATION, description: 'Seconds' }),
    connections: Type.Integer({ minimum: 1, maximum: STRESS_MAX_CONNECTIONS }),
  },
  { additionalProperties: false },
);
export type StressTestInput = Static<typeof StressTestBody>;

/** One second of the run (the `progress` event). */
export interface StressProgress {
  second: number;
  requests: number;
  /** Mean latency of that second, ms. */
  latencyMs: number;
  /** Latency percentiles of that second's answers (nearest rank), ms; 0 when none came. */
  p50: number;
  p90: number;
  p99: number;
  errors: number;
}

/** The whole run (the `result` event). */
export interface StressResult {
  path: string;
  duration: number;
  connections: number;
  requests: number;
  requestsPerSecond: number;
  latency: { p50: number; p90: number; p99: number; max: number; average: number };
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}
