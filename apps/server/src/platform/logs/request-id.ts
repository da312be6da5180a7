import { newId } from '../db/ids.js';

/**
 * The id of each request (Fastify's genReqId): unique across processes and restarts (a time-ordered
 * 64-bit id), so a server error's answer can name it ("ref: ...") and support finds the exception
 * log row by it. Fastify's default ("req-1", "req-2", ...) restarts with every process.
 */
export const requestId = (): string => newId();
