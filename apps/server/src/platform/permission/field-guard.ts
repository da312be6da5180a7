import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/errors.js';
import type { GuardedTable } from './field-catalog.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table whose rows the route returns or accepts: its field blacklist applies. */
    table?: GuardedTable;
  }
}

type Row = Record<string, unknown>;

/** The fields of a table the principal's field blacklist hides (own keys only). */
export function hiddenFields(
  principal: { fieldBlacklist?: Record<string, string[]> } | null,
  table: string,
): ReadonlySet<string> {
  const hidden =
    principal?.fieldBlacklist && Object.hasOwn(principal.fieldBlacklist, table)
      ? principal.fieldBlacklist[table]
      : undefined;
  return new Set(hidden ?? []);
}

/** Removes hidden fields from every row of a result: arrays, pages (`items`) and trees (`children`). */
export function stripFields(value: unknown, hidden: ReadonlySet<string>): void {
  if (Array.isArray(value)) {
    for (const item of value) stripFields(item, hidden);
    return;
  }
  if (!value || typeof value !== 'object') return;
  const row = value as Row;
  if (Array.isArray(row.items)) {
    stripFields(row.items, hidden);
    return;
  }
  for (const field of hidden) delete row[field];
  if (Array.isArray(row.children)) stripFields(row.children, hidden);
}

/**
 * The field blacklist of SPEC 6, enforced in one place for every route that names its table: a
 * hidden field is absent from answers and refused in requests (403 naming it), so a client can
 * neither read nor overwrite it. Services leave fields a request omits unchanged.
 */
export function registerFieldGuard(app: FastifyInstance): void {
  const hiddenFor = (request: {
    routeOptions: { config?: { table?: GuardedTable } };
    principal: unknown;
  }) => {
    const table = request.routeOptions.config?.table;
    const principal = request.principal as { fieldBlacklist?: Record<string, string[]> } | null;
    const hidden = table ? hiddenFields(principal, table) : undefined;
    return hidden?.size ? hidden : undefined;
  };

  app.addHook('preHandler', async (request) => {
    const hidden = hiddenFor(request);
    if (!hidden || !request.body || typeof request.body !== 'object') return;
    const body = request.body as Row;
    for (const field of hidden) {
      if (body[field] !== undefined) throw forbidden('field.blocked', { field });
    }
  });

  app.addHook('preSerialization', async (request, _reply, payload: unknown) => {
    const hidden = hiddenFor(request);
    if (hidden && payload && typeof payload === 'object' && 'result' in payload) {
      stripFields((payload as { result: unknown }).result, hidden);
    }
    return payload;
  });
}
