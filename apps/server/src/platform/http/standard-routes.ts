import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import type {
  FastifyReply,
  FastifyRequest,
  FastifySchema,
  RawServerDefault,
  RouteGenericInterface,
} from 'fastify';
import type { FastifyPluginAsyncTypebox, TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { permissionCode, type ActionOf, type Controller } from '@lintel/contracts';
import { Type, type Static, type TSchema } from 'typebox';
import type { GuardedTable } from '../permission/field-catalog.js';
import { done, ok, Wrapped } from './result.js';

type App = Parameters<FastifyPluginAsyncTypebox>[0];

/** The actions every list page of the product has, at `/api/{controller}/{action}`. */
export type StandardAction =
  'page' | 'list' | 'detail' | 'add' | 'update' | 'delete' | 'setStatus' | 'export';

/** The verb of each standard action, as the product (and Admin.NET's client) calls it. */
const METHOD = {
  page: 'POST',
  list: 'GET',
  detail: 'GET',
  add: 'POST',
  update: 'POST',
  delete: 'POST',
  setStatus: 'POST',
  export: 'POST',
} as const satisfies Record<StandardAction, 'GET' | 'POST'>;

/** Actions that take only ids (and a status): their routes carry no row fields, so no field blacklist. */
const ROWLESS: ReadonlySet<StandardAction> = new Set(['delete', 'setStatus']);

/** A request typed by its route's schema, as Fastify's TypeBox provider types it in `app.get/post`. */
export type RequestOf<S extends FastifySchema> = FastifyRequest<
  RouteGenericInterface,
  RawServerDefault,
  IncomingMessage,
  S,
  TypeBoxTypeProvider
>;

/** A query route (page, list, detail, add): answers `ok(result)`, documented as `Wrapped(response)`. */
interface Answering<In extends 'body' | 'querystring'> {
  <I extends TSchema, R extends TSchema>(
    route: { summary: string; response: R } & { [K in In]: I } & {
      handler(request: RequestOf<{ [K in In]: I }>): Promise<Static<R>>;
    },
  ): void;
}

/** A command route (update, delete, setStatus): waits for the work, answers `done()`, `Wrapped(Type.Null())`. */
type Command = <B extends TSchema>(route: {
  summary: string;
  body: B;
  handler(request: RequestOf<{ body: B }>): Promise<unknown>;
}) => void;

/** An export route: the handler returns the file's stream and headers, which are sent as they are. */
type Export = <B extends TSchema>(route: {
  summary: string;
  body: B;
  handler(request: RequestOf<{ body: B }>): { stream: Readable; headers: Record<string, string> };
}) => void;

interface AllStandardRoutes {
  page: Answering<'body'>;
  list: Answering<'querystring'>;
  detail: Answering<'querystring'>;
  add: Answering<'body'>;
  update: Command;
  delete: Command;
  setStatus: Command;
  export: Export;
}

/** The standard actions the controller has in the permission registry; naming another fails `tsc`. */
export type StandardRoutes<C extends Controller> = Pick<
  AllStandardRoutes,
  Extract<ActionOf<C>, StandardAction>
>;

export interface StandardRouteOptions<C extends Controller> {
  /** The controller, as in `/api/{controller}/...`: each route takes the code `{controller}:{action}`. */
  controller: C;
  tags: string[];
  /** The field blacklist of the rows (field-catalog.ts): on every route but delete and setStatus. */
  table?: GuardedTable;
}

/**
 * The standard routes of a list page (page, list, detail, add, update, delete, setStatus, export),
 * one call each, registered in the order they are called so they can sit between a module's other
 * routes. Each call gives the summary, the request schema, the answer's schema and the handler; the
 * helper derives the verb and path (`POST /page`, `GET /list`, `GET /detail`, `POST /add`,
 * `POST /update`, `POST /delete`, `POST /setStatus`, `POST /export`), the permission
 * `{controller}:{action}`, the field blacklist, the `Wrapped(...)` response and `ok()` / `done()`.
 * Routes that are not standard stay explicit `app.get/post`.
 */
export function standardRoutes<C extends Controller>(
  app: App,
  options: StandardRouteOptions<C>,
): StandardRoutes<C> {
  const { controller, tags, table } = options;

  const register = (
    action: StandardAction,
    schema: FastifySchema,
    handler: (request: FastifyRequest, reply: FastifyReply) => unknown,
  ) => {
    const permission = permissionCode(controller, action as ActionOf<C>);
    app.route({
      method: METHOD[action],
      url: `/${action}`,
      config: table && !ROWLESS.has(action) ? { permission, table } : { permission },
      schema: { tags, ...schema },
      handler,
    });
  };

  type Route = {
    summary: string;
    body?: TSchema;
    querystring?: TSchema;
    response?: TSchema;
    handler(request: FastifyRequest): unknown;
  };
  const input = ({ body, querystring }: Route) => ({
    ...(body && { body }),
    ...(querystring && { querystring }),
  });
  const answering = (action: StandardAction) => (route: Route) =>
    register(
      action,
      { summary: route.summary, ...input(route), response: { 200: Wrapped(route.response!) } },
      async (request) => ok(await route.handler(request)),
    );
  const command = (action: StandardAction) => (route: Route) =>
    register(
      action,
      { summary: route.summary, ...input(route), response: { 200: Wrapped(Type.Null()) } },
      async (request) => done(route.handler(request) as Promise<unknown>),
    );
  const file = (route: Route) =>
    register('export', { summary: route.summary, ...input(route) }, async (request, reply) => {
      const { stream, headers } = route.handler(request) as {
        stream: Readable;
        headers: Record<string, string>;
      };
      return reply.headers(headers).send(stream);
    });

  const all = {
    page: answering('page'),
    list: answering('list'),
    detail: answering('detail'),
    add: answering('add'),
    update: command('update'),
    delete: command('delete'),
    setStatus: command('setStatus'),
    export: file,
  };
  return all as unknown as StandardRoutes<C>;
}
