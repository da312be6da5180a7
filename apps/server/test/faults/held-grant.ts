import type pg from 'pg';
import type { PrivatePostgres } from '../processes/private-postgres.js';
import { waitUntil } from '../processes/server-process.js';

/**
 * A multi-row write held mid-way, for the fault tests: a role's menu grant (one tenant transaction
 * that deletes the role's menus, then inserts the new ones in one statement) against a menu row the
 * test keeps locked, so the insert waits on its foreign-key check after the delete is done. The
 * test then cuts it (terminates its backend, kills the API process) and checks nothing of it stays.
 */
export const ROLE = '1300000000405';

/** The first `count` menus (ids as text). */
export async function menuIds(cluster: PrivatePostgres, count: number): Promise<string[]> {
  const rows = await cluster.query<{ id: string }>('select id::text from sys_menu order by id limit $1', [
    count,
  ]);
  return rows.map((r) => r.id);
}

/** The role's menus as stored (read as the superuser: committed rows only). */
export async function roleMenus(cluster: PrivatePostgres): Promise<string[]> {
  const rows = await cluster.query<{ id: string }>(
    'select menu_id::text as id from sys_role_menu where role_id = $1 order by menu_id',
    [ROLE],
  );
  return rows.map((r) => r.id);
}

export interface Answer {
  status: number;
  ms: number;
  message: string;
}

/** One call to the API; a refused or timed-out call answers status 0. */
export async function call(
  base: string,
  token: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<Answer> {
  const begin = performance.now();
  try {
    const response = await fetch(`${base}${path}`, {
      method: body === undefined ? 'GET' : 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'accept-language': 'en',
        ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        ...headers,
      },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(15_000),
    });
    const json = (await response.json().catch(() => ({}))) as { message?: string };
    return { status: response.status, ms: performance.now() - begin, message: json.message ?? '' };
  } catch (error) {
    return { status: 0, ms: performance.now() - begin, message: String(error) };
  }
}

export const grant = (base: string, token: string, ids: string[]) =>
  call(base, token, '/api/sysRole/grantMenu', { id: ROLE, menuIdList: ids });

export interface HeldGrant {
  /** The backend running the grant's transaction, waiting on the test's lock. */
  pid: number;
  answer: Promise<Answer>;
  /** Ends the test's lock (the grant goes on, if its backend still lives). */
  release(): Promise<void>;
}

/** Starts a grant of `ids` and returns once its transaction has deleted and waits to insert. */
export async function holdGrant(
  cluster: PrivatePostgres,
  base: string,
  token: string,
  ids: string[],
): Promise<HeldGrant> {
  const locker: pg.Client = await cluster.connect();
  await locker.query('begin');
  await locker.query('select id from sys_menu where id = $1 for update', [ids.at(-1)]);
  const answer = grant(base, token, ids);
  let pid = 0;
  await waitUntil(
    async () => {
      const [row] = await cluster.query<{ pid: number }>(
        `select pid from pg_stat_activity
          where wait_event_type = 'Lock' and query like 'insert into "sys_role_menu"%'`,
      );
      pid = row?.pid ?? 0;
      return pid !== 0;
    },
    15_000,
    'the grant waiting on the locked menu',
  );
  return {
    pid,
    answer,
    async release() {
      await locker.query('rollback').catch(() => undefined);
      await locker.end().catch(() => undefined);
    },
  };
}

/** Waits until the backend `pid` has ended (its transaction rolled back). */
export async function backendGone(cluster: PrivatePostgres, pid: number): Promise<void> {
  await waitUntil(
    async () => (await cluster.query('select 1 from pg_stat_activity where pid = $1', [pid])).length === 0,
    15_000,
    `backend ${pid} to end`,
  );
}
