import autocannon from 'autocannon';

/** One load run against a listening server. */
export interface LoadSpec {
  url: string;
  method: 'GET' | 'POST';
  headers?: Record<string, string>;
  body?: string;
  connections: number;
  durationSeconds: number;
  /** A fresh value of `x-forwarded-for` per request (each request looks like a different client). */
  rotateClientAddress?: boolean;
}

export interface Measurement {
  /** Successful (2xx) responses per second. */
  rps: number;
  p50Ms: number;
  p99Ms: number;
  /** Responses received, any status. */
  responses: number;
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
  /** Responses by HTTP status, e.g. { "200": 12000, "429": 3 }. */
  statuses: Record<string, number>;
  /**
   * CPU time of this process (server and load generator, all threads) per response, in µs. Less
   * sensitive than req/s to other processes competing for the cores.
   */
  cpuUsPerReq: number;
}

let clientCounter = 0;
/** Addresses in 10.0.0.0/8, so that per-address rate limits do not turn the run into 429s. */
function nextClientAddress(): string {
  clientCounter = (clientCounter + 1) % 0xffffff;
  return `10.${(clientCounter >> 16) & 255}.${(clientCounter >> 8) & 255}.${clientCounter & 255}`;
}

export async function measure(spec: LoadSpec): Promise<Measurement> {
  const headers = { ...spec.headers };
  const cpuBefore = process.cpuUsage();
  const result = await autocannon({
    url: spec.url,
    method: spec.method,
    headers,
    ...(spec.body !== undefined ? { body: spec.body } : {}),
    connections: spec.connections,
    duration: spec.durationSeconds,
    ...(spec.rotateClientAddress
      ? {
          requests: [
            {
              setupRequest: (request) => ({
                ...request,
                headers: { ...request.headers, 'x-forwarded-for': nextClientAddress() },
              }),
            },
          ],
        }
      : {}),
  });
  const cpu = process.cpuUsage(cpuBefore);
  const statuses: Record<string, number> = {};
  for (const [status, stat] of Object.entries(result.statusCodeStats ?? {})) {
    statuses[status] = stat.count ?? 0;
  }
  const ok = result['2xx'];
  const responses = Object.values(statuses).reduce((a, b) => a + b, 0);
  return {
    rps: result.duration > 0 ? ok / result.duration : 0,
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    responses,
    non2xx: result.non2xx,
    errors: result.errors,
    statuses,
    cpuUsPerReq: responses > 0 ? (cpu.user + cpu.system) / responses : 0,
  };
}
