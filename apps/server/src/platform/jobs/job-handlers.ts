import type { AppContext } from '../context.js';
import { badRequest } from '../http/errors.js';
import { isSitePath } from '@lintel/contracts';
import type { JobHttpRequest } from '../db/schema.js';
import type { JobDetail, JobTrigger } from './job-store.repo.js';

/** What a handler gets for one run. */
export interface JobRun {
  ctx: AppContext;
  job: JobDetail;
  /** null for a run started by hand. */
  trigger: JobTrigger | null;
  /** The job's `properties`, parsed (an object, or {}). */
  properties: Record<string, unknown>;
  /** Aborted when the job is cancelled or the engine stops. */
  signal: AbortSignal;
  /** This server's own address (http://127.0.0.1:port) once it listens: HTTP jobs call `/api/...` paths on it. */
  selfOrigin: string | undefined;
}

/** A job's code: answers a short text stored as the run's result, or throws to fail the run. */
export type JobHandler = (run: JobRun) => Promise<string | void>;

export const HTTP_JOB_TYPE = 'http';
/** How much of an HTTP job's answer is kept as the run's result. */
const RESULT_CHARS = 2000;

/**
 * Calls the job's HTTP request. Absolute addresses must be public hosts (the same outbound policy as
 * every other server-side call, checked again at connection time); a path calls this server itself.
 * A non-2xx answer fails the run.
 */
export const httpJobHandler: JobHandler = async ({ ctx, job, signal, selfOrigin }) => {
  const request = job.httpRequest;
  if (!request) throw new Error('the job has no HTTP request');
  const signals = AbortSignal.any([signal, AbortSignal.timeout(request.timeoutMs)]);
  const init = {
    method: request.method,
    headers: request.headers,
    body: request.method === 'GET' || request.method === 'HEAD' ? undefined : (request.body ?? undefined),
    signal: signals,
    redirect: 'manual' as const,
  };
  let response: Response | Awaited<ReturnType<AppContext['outbound']['fetch']>>;
  if (isSitePath(request.url)) {
    if (!selfOrigin) throw new Error('this server is not listening yet; a path cannot be called');
    response = await fetch(new URL(request.url, selfOrigin), init);
  } else {
    response = await ctx.outbound.fetch(request.url, init);
  }
  const text = await response.text();
  const summary = `HTTP ${response.status} ${text.slice(0, RESULT_CHARS)}`.trim();
  if (response.status < 200 || response.status >= 300) throw new Error(summary);
  return summary;
};

/**
 * Checks an HTTP job's request when it is saved: a path of this server, or an absolute http(s)
 * address of a host the outbound policy accepts (no loopback, private or metadata addresses unless
 * the operator allowed them), like the product's other outbound links.
 */
export async function checkHttpRequest(ctx: AppContext, request: JobHttpRequest): Promise<void> {
  if (isSitePath(request.url)) return;
  let url: URL;
  try {
    url = new URL(request.url);
  } catch {
    throw badRequest('job.httpUrl');
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.username || url.password)
    throw badRequest('job.httpUrl');
  const verdict = await ctx.outbound.judge(request.url);
  if (verdict === 'private') throw badRequest('job.httpPrivate', { host: url.host });
  if (verdict === 'invalid' || verdict === 'unresolvable') throw badRequest('job.httpUrl');
  for (const name of Object.keys(request.headers)) {
    if (!/^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/.test(name)) throw badRequest('job.httpHeader', { name });
  }
}

/** The handlers this server knows, by job type. Built-ins register at start; tests may add theirs. */
export class JobHandlers {
  private readonly handlers = new Map<string, { handler: JobHandler; builtIn: boolean }>();

  register(name: string, handler: JobHandler, builtIn = true): void {
    this.handlers.set(name, { handler, builtIn });
  }

  get(name: string): JobHandler | undefined {
    return this.handlers.get(name)?.handler;
  }

  has(name: string): boolean {
    return this.handlers.has(name);
  }

  /** The handlers a built-in job detail may name (the HTTP type is chosen by create type instead). */
  names(): { name: string; builtIn: boolean }[] {
    return [...this.handlers.entries()]
      .filter(([name]) => name !== HTTP_JOB_TYPE)
      .map(([name, { builtIn }]) => ({ name, builtIn }));
  }
}
