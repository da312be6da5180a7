import type { FastifyInstance } from 'fastify';
import { forbidden } from '../http/errors.js';
import { withHideableOptional, type GuardedTable } from './field-catalog.js';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The table whose rows the route returns or accepts: its field blacklist applies. */
    table?: GuardedTable;
  }
  interface FastifyInstance {
    /** Every route that names its table, in registration order (tests walk them). */
    guardedRoutes: GuardedRoute[];
  }
}

export interface GuardedRoute {
  method: string;
  url: string;
  table: GuardedTable;
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

/**
 * Removes hidden fields from every row of a result: arrays, pages (`items`), and the rows nested in a
 * row's arrays (a tree's `children`, an account's affiliated organisations), which belong to it.
 */
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
  for (const nested of Object.values(row)) if (Array.isArray(nested)) stripFields(nested, hidden);
}

/**
 * The field blacklist of SPEC 6, enforced in one place for every route that names its table: a
 * hidden field is absent from answers and refused in requests (403 naming it), so a client can
 * neither read nor overwrite it. Services leave fields a request omits unchanged.
 */
export function registerFieldGuard(app: FastifyInstance): void {
  const guarded: GuardedRoute[] = [];
  app.decorate('guardedRoutes', guarded);

  // Answers lose hidden fields after the handler, so every response schema of such a route must let
  // the table's hideable fields be absent: done here, for every route, instead of by each schema.
  app.addHook('onRoute', (route) => {
    const table = route.config?.table;
    if (!table) return;
    for (const method of [route.method].flat()) {
      if (method !== 'HEAD') guarded.push({ method, url: route.url, table });
    }
    const response = route.schema?.response as Record<string, unknown> | undefined;
    if (!response) return;
    route.schema = {
      ...route.schema,
      response: Object.fromEntries(
        Object.entries(response).map(([status, schema]) => [status, withHideableOptional(schema, table)]),
      ),
    };
  });

  const hiddenFor = (request: {
    routeOptions: { config?: { table?: GuardedTable } };
    principal: unknown;
  }) => {
    const table = request.routeOptions.config?.table;
    const principal = request.principal as { fieldBlacklist?: Record<string, string[]> } | null;
    const hidden = table ? hiddenFields(principal, table) : undefined;
    return hidden?.size ? hidden : undefined;
  };

  // Before validation: a hidden field is refused whether or not the route's schema declares it, and
  // in any letter case, so the answer never depends on what the schema would have made of it. A
  // query filter on it is refused too: filtering by a value one may not read reveals it.
  app.addHook('preValidation', async (request) => {
    const hidden = hiddenFor(request);
    if (!hidden) return;
    const folded = new Map([...hidden].map((field) => [field.toLowerCase(), field]));
    const refuse = (fields: unknown, present: (value: unknown) => boolean) => {
      if (!fields || typeof fields !== 'object') return;
      for (const [key, value] of Object.entries(fields as Row)) {
        const field = folded.get(key.toLowerCase());
        if (field && present(value)) throw forbidden('field.blocked', { field });
      }
    };
    refuse(request.body, (value) => value !== undefined);
    refuse(request.query, (value) => value !== undefined && value !== '');
    // Sorting by a hidden field reveals its order (the rows of the smallest salary first): refused
    // like a filter. `field` is the page request's sort field (paging.ts).
    for (const source of [request.body, request.query]) {
      const sortBy = (source as Row | undefined)?.field;
      const field = typeof sortBy === 'string' ? folded.get(sortBy.toLowerCase()) : undefined;
      if (field) throw forbidden('field.blocked', { field });
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
