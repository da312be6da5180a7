import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Server } from 'socket.io';
import { io as connect, type Socket } from 'socket.io-client';

/**
 * The hub half of bench:notices: PublicNotice reaching `sockets` open connections of one account,
 * timed from the publish request until the last socket has the event, against a bare Socket.IO
 * server in this process emitting one event to as many clients. socket.io and its client come with
 * the server workspace (its runtime and its tests).
 */
const HUB_PATH = '/hubs/onlineUser';

async function openAll(url: string, count: number, options: Record<string, unknown>): Promise<Socket[]> {
  const sockets: Socket[] = [];
  // In batches: a thousand handshakes at once would measure the accept queue, not the fan-out.
  for (let start = 0; start < count; start += 50) {
    const batch = Array.from({ length: Math.min(50, count - start) }, () => {
      const socket = connect(url, {
        transports: ['websocket'],
        reconnection: false,
        forceNew: true,
        ...options,
      });
      sockets.push(socket);
      return new Promise<void>((resolve, reject) => {
        socket.once('connect', () => resolve());
        socket.once('connect_error', reject);
      });
    });
    await Promise.all(batch);
  }
  return sockets;
}

/** Milliseconds from `trigger()` until every socket has seen `event`. */
async function untilAll(sockets: Socket[], event: string, trigger: () => Promise<unknown>): Promise<number> {
  let left = sockets.length;
  let started = 0;
  const all = new Promise<number>((resolve) => {
    for (const socket of sockets) {
      socket.once(event, () => {
        left -= 1;
        if (left === 0) resolve(performance.now() - started);
      });
    }
  });
  started = performance.now();
  await trigger();
  return all;
}

/** A bare Socket.IO server: one emit to `count` clients, timed like the hub's. */
export async function bareFanout(count: number): Promise<number> {
  const http = createServer();
  const io = new Server(http, { transports: ['websocket'], serveClient: false });
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(http.address() as AddressInfo).port}`;
  const sockets = await openAll(url, count, {});
  try {
    await untilAll(sockets, 'warm', async () => void io.emit('warm', {}));
    return await untilAll(sockets, 'PublicNotice', async () => void io.emit('PublicNotice', { id: '1' }));
  } finally {
    for (const socket of sockets) socket.disconnect();
    await io.close();
  }
}

/** PublicNotice from Lintel's hub to `count` open pages of the account behind `token`. */
export async function hubFanout(
  url: string,
  token: string,
  count: number,
  publish: () => Promise<unknown>,
): Promise<number> {
  const sockets = await openAll(url, count, { path: HUB_PATH, auth: { token } });
  try {
    return await untilAll(sockets, 'PublicNotice', publish);
  } finally {
    for (const socket of sockets) socket.disconnect();
  }
}
