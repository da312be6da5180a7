import type { FastifyInstance } from 'fastify';
import type { AppContext } from '../context.js';
import { registerExceptionLog } from './exception-log.js';
import { registerHttpLog } from './http-log.js';
import { registerVisitLog } from './visit-log.js';

/** The visit, exception and HTTP request logs' hooks (the operation log's are in platform/audit). */
export function registerRequestLogs(app: FastifyInstance, ctx: AppContext): void {
  registerVisitLog(app, ctx);
  registerExceptionLog(app, ctx);
  registerHttpLog(app, ctx);
}
