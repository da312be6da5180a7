import type { FastifyBaseLogger } from 'fastify';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { isPermissionCode, type Locale } from '@lintel/contracts';
import { Type, type Static } from 'typebox';
import { principalOf } from '../auth/gate.js';
import type { Principal } from '../auth/principal.js';
import { t } from '../i18n/index.js';
import { AppError } from './errors.js';
import { ok, Wrapped } from './result.js';
import { Id, StatusValue } from './schemas.js';

/** The most rows one batch may name: the largest page a list shows (SPEC 9). */
export const BATCH_MAX = 500;

const Ids = Type.Array(Id, { minItems: 1, maxItems: BATCH_MAX, uniqueItems: true });
export const BatchIdsBody = Type.Object({ ids: Ids }, { additionalProperties: false });
export const BatchStatusBody = Type.Object(
  { ids: Ids, status: StatusValue },
  { additionalProperties: false },
);

export const BatchResult = Type.Object({
  /** Rows named. */
  total: Type.Integer(),
  /** Rows the action was applied to. */
  done: Type.Integer(),
  /** Rows it was not, each with the reason the single-row action gives, in the request's language. */
  failed: Type.Array(Type.Object({ id: Type.String(), message: Type.String() })),
});
export type BatchResult = Static<typeof BatchResult>;

/**
 * Applies a single-row action to each row, one at a time, each in the action's own transaction and
 * under its own rules (data scope, account policy, built-in protections), so a batch can do nothing
 * a user could not do row by row. A refusal fails that row only and is reported with its reason.
 * Refused rows are tried again while others still succeed: a parent chosen together with its
 * children is refused while they exist and goes through once they are gone.
 */
export async function eachRow(
  ids: readonly string[],
  locale: Locale,
  log: FastifyBaseLogger,
  action: (id: string) => Promise<unknown>,
): Promise<BatchResult> {
  let pending = [...ids];
  let refusals = new Map<string, string>();
  for (;;) {
    const next = new Map<string, string>();
    for (const id of pending) {
      try {
        await action(id);
      } catch (error) {
        if (!(error instanceof AppError)) log.error({ err: error, id }, 'batch action failed');
        const message =
          error instanceof AppError ? t(locale, error.key, error.params) : t(locale, 'error.internal');
        next.set(id, message);
      }
    }
    const progressed = next.size < pending.length;
    refusals = next;
    if (!progressed || next.size === 0) break;
    pending = [...next.keys()];
  }
  return {
    total: ids.length,
    done: ids.length - refusals.size,
    failed: ids.filter((id) => refusals.has(id)).map((id) => ({ id, message: refusals.get(id)! })),
  };
}

type App = Parameters<FastifyPluginAsyncTypebox>[0];

export interface BatchActions {
  /** The controller, as in `/api/{controller}/...`: the routes take its delete and setStatus codes. */
  controller: string;
  tags: string[];
  /** What the rows are, for the API documentation ("accounts"). */
  rows: string;
  delete?(principal: Principal, id: string): Promise<unknown>;
  setStatus?(principal: Principal, id: string, status: number): Promise<unknown>;
}

/**
 * `POST batchDelete { ids }` and `POST batchSetStatus { ids, status }` of a list (SPEC 2 "List
 * toolbars": multi-select). They need the permission of the single-row action (`{controller}:delete`,
 * `{controller}:setStatus`), so a role that may delete rows one by one may delete several at once,
 * and answer how many rows were done and why the others were not.
 */
export function registerBatchRoutes(app: App, actions: BatchActions): void {
  const { controller, tags, rows } = actions;
  // The single-row action's code; a controller without it in the registry stops start-up.
  const codeOf = (action: 'delete' | 'setStatus') => {
    const code = `${controller}:${action}`;
    if (!isPermissionCode(code)) throw new Error(`${code} is not in the permission registry`);
    return code;
  };
  const remove = actions.delete;
  const setStatus = actions.setStatus;
  if (remove) {
    app.post(
      '/batchDelete',
      {
        config: { permission: codeOf('delete') },
        schema: {
          tags,
          summary: `Delete several ${rows}, each under the rules of delete; answers what was done and why the rest was not`,
          body: BatchIdsBody,
          response: { 200: Wrapped(BatchResult) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        return ok(
          await eachRow(request.body.ids, request.locale, request.log, (id) => remove(principal, id)),
        );
      },
    );
  }
  if (setStatus) {
    app.post(
      '/batchSetStatus',
      {
        config: { permission: codeOf('setStatus') },
        schema: {
          tags,
          summary: `Enable or disable several ${rows}, each under the rules of setStatus; answers what was done and why the rest was not`,
          body: BatchStatusBody,
          response: { 200: Wrapped(BatchResult) },
        },
      },
      async (request) => {
        const principal = principalOf(request);
        const { ids, status } = request.body;
        return ok(await eachRow(ids, request.locale, request.log, (id) => setStatus(principal, id, status)));
      },
    );
  }
}
