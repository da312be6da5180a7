import net from 'node:net';
import pg from 'pg';
import type { OutboundPolicy } from '../../platform/net/outbound.js';
import { ROW_CAP } from './report-query.repo.js';
import type { SqlPart } from './report-sql.js';

/** How to reach an external PostgreSQL server (the password already opened). */
export interface ExternalTarget {
  host: string;
  port: number;
  database: string;
  user: string;
  password: string;
  ssl: boolean;
  connectTimeoutMs: number;
  /** The statement timeout of its queries (REPORT_TIMEOUT_SECONDS). */
  statementTimeoutMs: number;
}

/**
 * Opens one connection to an external server, the host judged by the outbound policy first (private
 * and loopback addresses only where ALLOW_PRIVATE_HOSTS names them). A public name is resolved
 * here and the connection made to the address checked, so DNS cannot rebind it between the check
 * and the connection. The caller ends the client.
 */
export async function connectExternal(policy: OutboundPolicy, target: ExternalTarget): Promise<pg.Client> {
  const literal = target.host.replace(/^\[|\]$/g, '');
  const address = await policy.dialAddress(target.host, target.port);
  const client = new pg.Client({
    host: address,
    port: target.port,
    database: target.database,
    user: target.user,
    password: target.password,
    // Certificates are checked against the name the source was given, not the address dialled.
    ssl: target.ssl ? { servername: net.isIP(literal) ? undefined : literal } : false,
    connectionTimeoutMillis: target.connectTimeoutMs,
    statement_timeout: target.statementTimeoutMs,
    query_timeout: target.statementTimeoutMs + 2000,
    application_name: 'lintel-report',
  });
  // An error after the query (the server going away) must not crash the process.
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    await client.end().catch(() => undefined);
    throw error;
  }
  return client;
}

/** The server's version line (a connection test). */
export async function externalVersion(client: pg.Client): Promise<string> {
  const { rows } = await client.query<{ version: string }>('select version() as version');
  return rows[0]?.version ?? '';
}

/**
 * Runs report SQL on an external server in a read-only transaction that is always rolled back, with
 * the statement timeout and the row cap; `:name` parameters become `$n` binds (the same name, the
 * same bind).
 */
export async function runExternal(
  client: pg.Client,
  parts: readonly SqlPart[],
  value: (name: string) => unknown,
  timeoutMs: number,
) {
  const binds: unknown[] = [];
  const index = new Map<string, number>();
  const text = parts
    .map((part) => {
      if ('text' in part) return part.text;
      let n = index.get(part.param);
      if (n === undefined) {
        binds.push(value(part.param));
        n = binds.length;
        index.set(part.param, n);
      }
      return `$${n}`;
    })
    .join('');
  await client.query('begin read only');
  try {
    await client.query(`set local statement_timeout = ${Math.trunc(timeoutMs)}`);
    const result = await client.query<Record<string, unknown>>(
      `select * from (${text}\n) as report_rows limit ${ROW_CAP + 1}`,
      binds,
    );
    return { rows: result.rows, columns: result.fields.map((f) => f.name) };
  } finally {
    await client.query('rollback').catch(() => undefined);
  }
}
