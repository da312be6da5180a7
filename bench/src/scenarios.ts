import type { LintelServer } from './lintel.js';
import { measure, type LoadSpec, type Measurement } from './load.js';

export type ScenarioName = 'baseline' | 'userInfo' | 'loginMenuTree' | 'login';

/** One route under load. */
export interface Scenario {
  name: ScenarioName;
  db: 'none' | LintelServer['db'];
  method: 'GET' | 'POST';
  path: string;
  headers: Record<string, string>;
  body?: string;
  connections: number;
  rotateClientAddress?: boolean;
}

export type Outcome =
  | ({ scenario: Scenario; ok: true; sameBytes?: { rps: number; cpuUsPerReq: number } } & Measurement)
  | ({ scenario: Scenario; ok: false; failure: string } & Partial<Measurement>);

const DEFAULT_CONNECTIONS = 50;
/** Sign-in is measured for its tail latency at a realistic burst, not for raw throughput. */
const LOGIN_CONNECTIONS = 16;
const WARM_UP_SECONDS = 2;
/** More failed responses than this share make a run a failure, not a measurement. */
const MAX_FAILED_SHARE = 0.01;

export function baselineScenario(): Scenario {
  return {
    name: 'baseline',
    db: 'none',
    method: 'GET',
    path: '/hello',
    headers: {},
    connections: DEFAULT_CONNECTIONS,
  };
}

export function lintelScenarios(server: LintelServer): Scenario[] {
  const auth = { authorization: `Bearer ${server.adminToken}` };
  return [
    {
      name: 'userInfo',
      db: server.db,
      method: 'GET',
      path: '/api/sysAuth/userInfo',
      headers: auth,
      connections: DEFAULT_CONNECTIONS,
    },
    {
      name: 'loginMenuTree',
      db: server.db,
      method: 'GET',
      path: '/api/sysMenu/loginMenuTree',
      headers: auth,
      connections: DEFAULT_CONNECTIONS,
    },
    {
      name: 'login',
      db: server.db,
      method: 'POST',
      path: '/api/sysAuth/login',
      headers: { 'content-type': 'application/json' },
      body: server.loginBody,
      connections: LOGIN_CONNECTIONS,
      // The route allows 30 sign-ins a minute per client address: spread the load over addresses.
      rotateClientAddress: true,
    },
  ];
}

/** One request before the load: a route that does not answer 2xx is reported, not measured. */
async function probe(baseUrl: string, scenario: Scenario): Promise<string | undefined> {
  const response = await fetch(`${baseUrl}${scenario.path}`, {
    method: scenario.method,
    headers: { ...scenario.headers, 'x-forwarded-for': '192.0.2.2' },
    ...(scenario.body !== undefined ? { body: scenario.body } : {}),
  });
  const text = await response.text();
  if (response.ok) return undefined;
  return `probe got HTTP ${response.status}: ${text.slice(0, 200)}`;
}

export async function runScenario(
  baseUrl: string,
  scenario: Scenario,
  durationSeconds: number,
): Promise<Outcome> {
  const failure = await probe(baseUrl, scenario);
  if (failure) return { scenario, ok: false, failure };
  const spec: LoadSpec = {
    url: `${baseUrl}${scenario.path}`,
    method: scenario.method,
    headers: scenario.headers,
    ...(scenario.body !== undefined ? { body: scenario.body } : {}),
    connections: scenario.connections,
    durationSeconds: WARM_UP_SECONDS,
    ...(scenario.rotateClientAddress ? { rotateClientAddress: true } : {}),
  };
  await measure(spec);
  // Requests the warm-up left in flight are still being served (a sign-in backlog takes seconds):
  // one more request queues behind them, so the measured run starts on an idle server.
  await probe(baseUrl, scenario);
  const result = await measure({ ...spec, durationSeconds });
  const failed = result.non2xx + result.errors;
  const total = result.responses + result.errors;
  if (total === 0 || result.rps === 0) {
    return { scenario, ok: false, failure: 'no successful responses', ...result };
  }
  if (failed > total * MAX_FAILED_SHARE) {
    const statuses = Object.entries(result.statuses)
      .map(([status, count]) => `${status}: ${count}`)
      .join(', ');
    return {
      scenario,
      ok: false,
      failure: `${failed} of ${total} requests failed (${statuses}; connection errors: ${result.errors})`,
      ...result,
    };
  }
  return { scenario, ok: true, ...result };
}
