import pg from 'pg';
import { io, type Socket } from 'socket.io-client';
import { HUB_PATH } from '../../src/platform/realtime/events.js';

/**
 * What tests of real server processes do to them: JSON calls over HTTP, pages' connections to the
 * realtime hub, and scratch databases on the shared PostgreSQL server.
 */

export interface Called {
  status: number;
  /** The body as text. */
  text: string;
  /** Milliseconds until the body was read. */
  ms: number;
}

/** One JSON call to the API of `base` (`Bearer token` when given). */
export async function callApi(
  base: string,
  method: string,
  path: string,
  { token, body, headers = {} }: { token?: string; body?: unknown; headers?: Record<string, string> } = {},
): Promise<Called> {
  const started = performance.now();
  const response = await fetch(`${base}${path}`, {
    method,
    headers: {
      ...headers,
      ...(token ? { authorization: `Bearer ${token}` } : {}),
      ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
    },
    ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
  });
  const text = await response.text();
  return { status: response.status, text, ms: performance.now() - started };
}

const hubs: Socket[] = [];

/** A page's connection to the realtime hub of `base` (WebSocket only, as the web app connects). */
export function connectHub(base: string, token: string): Promise<Socket> {
  const socket = io(base, {
    path: HUB_PATH,
    transports: ['websocket'],
    reconnection: false,
    auth: { token },
  });
  hubs.push(socket);
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket)).once('connect_error', reject);
  });
}

/** Closes every hub connection the tests opened (afterAll). */
export function closeHubs(): void {
  for (const socket of hubs.splice(0)) socket.close();
}

/** The next `event` on `socket`; rejects after `ms`. */
export function nextEvent<T>(socket: Socket, event: string, ms = 10_000): Promise<T> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`no ${event} within ${ms} ms`)), ms);
    socket.once(event, (payload: T) => {
      clearTimeout(timer);
      resolve(payload);
    });
  });
}

/** One statement as the administrator login of `adminUrl`. */
export async function adminQuery(adminUrl: string, sql: string): Promise<void> {
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(sql);
  } finally {
    await client.end();
  }
}

/**
 * An empty database `name` on the server of `adminUrl` (dropped first if a crashed run left it), its
 * URL, and `drop()` for afterAll. Name it per process: CI and a developer's run may share the server.
 */
export async function scratchDatabase(
  adminUrl: string,
  name: string,
): Promise<{ url: string; drop(): Promise<void> }> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`not a plain database name: ${name}`);
  await adminQuery(adminUrl, `drop database if exists ${name} with (force)`);
  await adminQuery(adminUrl, `create database ${name}`);
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: () => adminQuery(adminUrl, `drop database if exists ${name} with (force)`),
  };
}
