import { hostname } from 'node:os';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { Server, type DefaultEventsMap, type Socket } from 'socket.io';
import { createAdapter } from '@socket.io/redis-adapter';
import { DEFAULT_LOCALE } from '@lintel/contracts';
import type { Redis } from 'ioredis';
import type { Cache } from '../cache/index.js';
import type { Config } from '../../config.js';
import type { Sessions, RevokeEvent } from '../auth/sessions.js';
import type { TenantCache } from '../auth/tenant-cache.js';
import type { TokenCodec } from '../auth/tokens.js';
import type { Database } from '../db/database.js';
import { isoNow } from '../http/result.js';
import { negotiateLocale } from '../i18n/index.js';
import { clientAddress, clientAgent } from './client-info.js';
import {
  HUB_PATH,
  HubEvent,
  rooms,
  type ForceOfflinePayload,
  type OnlineUserListPayload,
  type ReceiveMessagePayload,
} from './events.js';
import { authenticateHandshake, HandshakeError, judgeSession, type HandshakeIdentity } from './handshake.js';
import { OnlineStore, SERVER_HEARTBEAT_MS } from './online-store.js';

/** Asks every process to end its sockets in a room (server-side event over the Redis adapter). */
const KICK = 'lintel:kick';

interface SocketData extends HandshakeIdentity {
  /** Deletes the connection's online row once (disconnect and transport close both call it). */
  release(): void;
}
type HubSocket = Socket<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;
type HubServer = Server<DefaultEventsMap, DefaultEventsMap, DefaultEventsMap, SocketData>;

export interface RealtimeDeps {
  config: Config;
  log: FastifyBaseLogger;
  db: Database;
  codec: TokenCodec;
  sessions: Sessions;
  /** The tenants' settings (onlineNotice decides whether arrivals and departures are announced). */
  tenants: TenantCache;
  /** The shared cache: with Redis (REDIS_URL), events reach every process through it. */
  cache: Cache;
}

/**
 * The online-user hub (SPEC "online users", ARCHITECTURE: Socket.IO, Redis adapter when clustered).
 * Each connection is authenticated like an HTTP request, gets a row in sys_online_user and joins the
 * rooms of its tenant, its user and its token family. Every session revocation (Sessions.onRevoke)
 * sends ForceOffline to the affected sockets, on whichever process holds them, and disconnects them.
 */
export class RealtimeHub {
  readonly store: OnlineStore;
  private io: HubServer | undefined;
  private pubSub: Redis[] = [];
  private serverId: string | undefined;
  private heartbeat: NodeJS.Timeout | undefined;
  /** Resolves once the rows of this process's previous run are gone; connections wait for it. */
  private started: Promise<void> | undefined;
  private readonly pending = new Set<Promise<unknown>>();

  constructor(private readonly deps: RealtimeDeps) {
    this.store = new OnlineStore(deps.db);
    deps.sessions.onRevoke((event) => this.onRevoke(event));
  }

  /** Attaches Socket.IO to the app's HTTP server; it accepts connections once the app listens. */
  attach(app: FastifyInstance): void {
    const io: HubServer = new Server(app.server, {
      path: HUB_PATH,
      transports: ['websocket'],
      serveClient: false,
      pingInterval: 15_000,
      pingTimeout: 30_000,
      maxHttpBufferSize: 1e6,
    });
    this.io = io;
    const redis = this.deps.cache.redis;
    if (redis) {
      const { pub, sub } = this.adapterClients(redis);
      this.pubSub = [pub, sub];
      // The cache's key prefix separates deployments (and test runs) sharing one Redis.
      io.adapter(createAdapter(pub, sub, { key: `${redis.options.keyPrefix ?? ''}socket.io` }));
      io.on(KICK, (room: string, payload: ForceOfflinePayload) => this.kickLocal(room, payload));
      this.deps.cache.onRecovered(() => void this.recheck());
    }
    io.use((socket, next) => {
      this.handshake(socket).then(
        () => next(),
        (error: unknown) => {
          if (error instanceof HandshakeError) return next(error);
          this.deps.log.error({ err: error }, 'Realtime handshake failed');
          next(new Error('handshake failed'));
        },
      );
    });
    io.on('connection', (socket) => this.connected(socket));

    app.server.once('listening', () => {
      const address = app.server.address() as AddressInfo | null;
      this.serverId = `${hostname()}:${address?.port ?? 0}`.slice(0, 160);
      const serverId = this.serverId;
      // The online-user cleanup job deletes the rows of a process whose heartbeat stops.
      const beat = () =>
        void this.store
          .heartbeat(serverId)
          .catch((error: unknown) => this.deps.log.warn({ err: error }, 'Online heartbeat failed'));
      beat();
      this.heartbeat = setInterval(beat, SERVER_HEARTBEAT_MS);
      this.heartbeat.unref();
      this.started = this.store.removeServer(this.serverId).then(
        (count) => {
          if (count) this.deps.log.info({ count }, 'Removed online users left by the previous run');
        },
        (error: unknown) => this.deps.log.warn({ err: error }, 'Could not remove stale online users'),
      );
    });
    // Before the HTTP server closes: end the sockets and wait until their rows are deleted.
    app.addHook('preClose', async () => {
      clearInterval(this.heartbeat);
      io.local.disconnectSockets(true);
      io.engine.close();
      await Promise.allSettled([...this.pending]);
      await Promise.allSettled(this.pubSub.map((client) => client.quit()));
      this.io = undefined;
    });
  }

  /**
   * The adapter's connections. Unlike the cache's client they connect at once; the subscriber keeps
   * its subscriptions queued until Redis answers and never gives them up (ioredis subscribes again
   * after each reconnect). The adapter publishes without waiting for the answer: a publish refused
   * while Redis is unreachable would be an unhandled rejection, which ends the process, so it is
   * caught here (the event is lost for the other processes; `recheck` covers the kicks).
   */
  private adapterClients(redis: Redis): { pub: Redis; sub: Redis } {
    const pub = redis.duplicate({ lazyConnect: false });
    const sub = redis.duplicate({
      lazyConnect: false,
      enableOfflineQueue: true,
      maxRetriesPerRequest: null,
      commandTimeout: undefined,
    });
    for (const client of [pub, sub]) {
      client.on('error', (error: Error) => this.deps.log.debug({ err: error }, 'Realtime Redis error'));
    }
    const publish = pub.publish.bind(pub) as (channel: string, message: string | Buffer) => Promise<number>;
    pub.publish = ((channel: string, message: string | Buffer) =>
      publish(channel, message).catch((error: unknown) => {
        this.deps.log.debug({ err: error }, 'Realtime event not published: Redis unreachable');
        return 0;
      })) as Redis['publish'];
    return { pub, sub };
  }

  /**
   * Kicks sent while Redis was unreachable reached no other process. When it is back, every socket
   * of this process is judged again as at its handshake (against the database: the recovery dropped
   * the cached principals), and those whose session ended meanwhile get ForceOffline and go.
   */
  private async recheck(): Promise<void> {
    const sockets = [...(this.io?.of('/').sockets.values() ?? [])];
    for (const socket of sockets) {
      const claims = socket.data.claims as HandshakeIdentity['claims'] | undefined;
      if (!claims || socket.disconnected) continue;
      try {
        await judgeSession(claims, DEFAULT_LOCALE, this.deps.sessions);
      } catch (error) {
        if (!(error instanceof HandshakeError)) {
          this.deps.log.warn({ err: error }, 'Realtime session check failed');
          return;
        }
        socket.emit(HubEvent.ForceOffline, { reason: 'revoked' } satisfies ForceOfflinePayload);
        socket.disconnect(true);
      }
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.pending.add(work);
    void work.finally(() => this.pending.delete(work)).catch(() => undefined);
    return work;
  }

  private async handshake(socket: HubSocket): Promise<void> {
    const { headers, auth } = socket.handshake;
    const locale = negotiateLocale(headers['accept-language']);
    const identity = await authenticateHandshake(
      (auth as { token?: unknown }).token,
      locale,
      this.deps.sessions,
      this.deps.codec,
    );
    if (!this.started || !this.serverId) throw new Error('the realtime hub is not listening yet');
    await this.started;
    const { claims, principal } = identity;
    const tenantId = principal.tenantId;
    await this.track(
      this.store.add({
        connectionId: socket.id,
        tenantId,
        homeTenantId: principal.homeTenantId,
        userId: principal.userId,
        tokenFamily: claims.fam,
        account: principal.account.slice(0, 64),
        realName: principal.realName?.slice(0, 64) ?? null,
        ip: clientAddress(socket.handshake.address, headers, this.deps.config.trustProxy).slice(0, 64),
        ...clientAgent(headers),
        serverId: this.serverId,
      }),
    );
    let released = false;
    const release = () => {
      if (released) return;
      released = true;
      void this.track(
        this.store
          .remove(tenantId, socket.id)
          .then(() =>
            this.announce(tenantId, principal.userId, principal.realName ?? principal.account, false),
          )
          .catch((error: unknown) => this.deps.log.warn({ err: error }, 'Could not remove an online user')),
      );
    };
    socket.data = { ...identity, release };
    // The connection may close before Socket.IO emits 'connection' (then no 'disconnect' follows).
    socket.conn.once('close', release);
  }

  private connected(socket: HubSocket): void {
    const { claims, principal, release } = socket.data;
    void socket.join([
      rooms.tenant(principal.tenantId),
      rooms.user(principal.userId),
      rooms.tenantUser(principal.tenantId, principal.userId),
      rooms.family(claims.fam),
    ]);
    socket.once('disconnect', release);
    // A connection lives no longer than the access token it was opened with: at its expiry the hub
    // closes it, and the client reconnects with its current token (refreshing it over HTTP first),
    // so a session that ended or can no longer be refreshed stops receiving.
    if (typeof claims.exp === 'number') {
      const expiry = setTimeout(() => socket.disconnect(true), Math.max(0, claims.exp * 1000 - Date.now()));
      expiry.unref();
      socket.once('disconnect', () => clearTimeout(expiry));
    }
    void this.track(
      this.announce(
        principal.tenantId,
        principal.userId,
        principal.realName ?? principal.account,
        true,
      ).catch((error: unknown) => this.deps.log.warn({ err: error }, 'Could not announce an online user')),
    );
  }

  /**
   * A connection of the tenant opened (`online`) or closed. OnlineUsersChanged always goes to the
   * tenant, so open online-user lists refresh. The online notice, OnlineUserList with who came or
   * went and the newest entries (Admin.NET's sys_login_out_reminder), only when the tenant turned on
   * onlineNotice; only for an account's first connection opening or its last one closing (several
   * tabs are one arrival); and not to the account's own pages.
   */
  private async announce(tenantId: string, userId: string, realName: string, online: boolean): Promise<void> {
    const io = this.io;
    if (!io) return;
    io.to(rooms.tenant(tenantId)).emit(HubEvent.OnlineUsersChanged);
    const tenant = await this.deps.tenants.get(tenantId);
    if (!tenant?.tenant.onlineNotice) return;
    const open = await this.store.countUser(tenantId, userId);
    if (open !== (online ? 1 : 0)) return;
    // Every account of the tenant gets the notice; the list itself (addresses, browsers, connection
    // ids) is not everyone's to read: it stays behind sysOnlineUser/page and its field blacklist.
    const payload: OnlineUserListPayload = { realName, online, userList: [] };
    io.to(rooms.tenant(tenantId)).except(rooms.user(userId)).emit(HubEvent.OnlineUserList, payload);
  }

  private onRevoke(event: RevokeEvent): void {
    const room = event.family ? rooms.family(event.family) : rooms.user(event.userId);
    this.kick(room, { reason: event.reason });
  }

  /** ForceOffline to every socket of a room on every process, then disconnects them. */
  kick(room: string, payload: ForceOfflinePayload): void {
    const io = this.io;
    if (!io) return;
    this.kickLocal(room, payload);
    if (this.deps.cache.redis) io.serverSideEmit(KICK, room, payload);
  }

  private kickLocal(room: string, payload: ForceOfflinePayload): void {
    const namespace = this.io?.of('/');
    const ids = namespace?.adapter.rooms.get(room);
    if (!namespace || !ids) return;
    for (const id of [...ids]) {
      const socket = namespace.sockets.get(id);
      if (!socket) continue;
      // The event is written before the close, which waits for the buffer to drain.
      socket.emit(HubEvent.ForceOffline, payload);
      socket.disconnect(true);
    }
  }

  /**
   * One event to the sockets of several accounts of one tenant, on every process, in one emit (the
   * adapter sends each socket in any of the rooms the event once).
   */
  emitToUsers(tenantId: string, userIds: readonly string[], event: string, payload: unknown): void {
    if (!this.io || userIds.length === 0) return;
    this.io.to(userIds.map((userId) => rooms.tenantUser(tenantId, userId))).emit(event, payload);
  }

  /** ReceiveMessage to the sockets of one account in one tenant, on every process. */
  sendToUser(
    tenantId: string,
    userId: string,
    message: Omit<ReceiveMessagePayload, 'time'> & { time?: string },
  ): void {
    const payload: ReceiveMessagePayload = { ...message, time: message.time ?? isoNow() };
    this.io?.to(rooms.tenantUser(tenantId, userId)).emit(HubEvent.ReceiveMessage, payload);
  }
}
