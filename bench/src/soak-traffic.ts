import { io, type Socket } from 'socket.io-client';
import { SIGN_IN_RATE_LIMIT } from '@lintel/server/src/modules/sys-auth/sign-in-rate-limit.js';
import { HUB_PATH } from '@lintel/server/src/platform/realtime/events.js';
import { signIn } from '@lintel/server/test/processes/server-process.js';

/**
 * The traffic of bench:soak: signed-in users doing what the product's pages do, at a fixed rate,
 * while sessions come and go (sign-in, sign-out) and pages open and close the realtime hub. Each
 * of these holds something on the server (sessions, caches, sockets, timers, prepared statements)
 * that a leak would keep.
 */

/** Demo accounts (one tenant, one password), signed in by turns. */
const ACCOUNTS = ['admin', 'staff', 'member'] as const;
/** Sessions open at once: each sign-in signs out the oldest, so a session lives about 24 s. */
const SESSIONS = 6;
/** Every sign-in comes from this one address: half of the login route's limit per address. */
const SIGN_IN_EVERY_MS = SIGN_IN_RATE_LIMIT.timeWindow / (SIGN_IN_RATE_LIMIT.max / 2);
/** A page opens the hub this often; the oldest of more than HUB_CLIENTS closes. */
const HUB_EVERY_MS = 5_000;
const HUB_CLIENTS = 4;
const TIMEOUT_MS = 15_000;

export interface Tally {
  /** HTTP requests sent (the paced mix, sign-ins with their key fetch, sign-outs). */
  requests: number;
  /** Requests that failed (non-2xx, timeout, connection error) and hub connections refused. */
  errors: number;
  /** Latency of every request of the paced mix, in ms. */
  latenciesMs: number[];
  signIns: number;
  hubConnections: number;
  /** Failures by route and cause, e.g. "userInfo: HTTP 500". */
  failures: Record<string, number>;
}

interface Session {
  account: (typeof ACCOUNTS)[number];
  token: string;
}

type Mix = 'userInfo' | 'loginMenuTree' | 'userPage' | 'unreadNotices' | 'dictionary' | 'dictionaryWrite';
/** Out of every 40 requests of the mix: a write (adding or deleting a dictionary item) is 1 in 20. */
const WEIGHTS: Record<Mix, number> = {
  userInfo: 10,
  loginMenuTree: 8,
  userPage: 8,
  unreadNotices: 6,
  dictionary: 6,
  dictionaryWrite: 2,
};
/** Slot i of the mix, spread so that one route's requests do not come in a row. */
const CYCLE = Object.entries(WEIGHTS).flatMap(([name, weight]) => Array<Mix>(weight).fill(name as Mix));
const slotOf = (i: number) => CYCLE[(i * 17) % CYCLE.length]!;

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class SoakTraffic {
  readonly tally: Tally = {
    requests: 0,
    errors: 0,
    latenciesMs: [],
    signIns: 0,
    hubConnections: 0,
    failures: {},
  };
  private sessions: Session[] = [];
  private sockets: Socket[] = [];
  private inFlight = new Set<Promise<unknown>>();
  /** Dictionary items added by the mix and not yet deleted. */
  private added: string[] = [];
  private dictTypeId = '';
  private written = 0;
  private stopped = false;

  constructor(private readonly base: string) {}

  /** Opens the first sessions and checks that every route of the mix answers 2xx. */
  async prepare(): Promise<void> {
    for (let i = 0; i < SESSIONS; i++) await this.signInNext();
    const types = (await this.call('dictionaryTypes', 'GET', '/api/sysDictType/list', this.admin())) as
      { id: string; code: string }[] | undefined;
    this.dictTypeId = types?.find((t) => t.code === 'org_type')?.id ?? '';
    for (const name of Object.keys(WEIGHTS) as Mix[]) await this.send(name);
    if (this.tally.errors > 0 || !this.dictTypeId) {
      throw new Error(`the mix does not answer: ${JSON.stringify(this.tally.failures)}`);
    }
  }

  /** The paced mix at `rate` requests a second, sign-ins and hub clients, for `seconds`. */
  async run(rate: number, seconds: number): Promise<void> {
    const until = performance.now() + seconds * 1000;
    const paced = async () => {
      const started = performance.now();
      for (let i = 0; performance.now() < until; i++) {
        const wait = started + (i * 1000) / rate - performance.now();
        if (wait > 0) await sleep(wait);
        // Open loop: a slow answer does not hold the next request back.
        this.track(this.send(slotOf(i), true));
      }
    };
    const every = async (ms: number, step: () => Promise<void>) => {
      while (performance.now() + ms < until) {
        await sleep(ms);
        await step();
      }
    };
    await Promise.all([
      paced(),
      every(SIGN_IN_EVERY_MS, () => this.rotateSession()),
      every(HUB_EVERY_MS, () => this.rotateHubClient()),
    ]);
  }

  /** Waits for what is in flight, closes the hub clients and signs every session out. */
  async stop(): Promise<void> {
    this.stopped = true;
    await Promise.allSettled([...this.inFlight]);
    for (const socket of this.sockets.splice(0)) socket.disconnect();
    for (const session of this.sessions.splice(0)) await this.signOut(session);
  }

  private track(request: Promise<unknown>) {
    const settled = request.catch((error: unknown) => this.fail(`mix: ${String(error)}`));
    this.inFlight.add(settled);
    void settled.finally(() => this.inFlight.delete(settled));
  }

  private admin(): string {
    return this.sessions.findLast((s) => s.account === 'admin')!.token;
  }

  /** A session other than the oldest (the next to be signed out). */
  private anySession(): string {
    return this.sessions[1 + Math.floor(Math.random() * (this.sessions.length - 1))]!.token;
  }

  private async send(name: Mix, timed = false): Promise<void> {
    const reader = this.anySession();
    switch (name) {
      case 'userInfo':
        return void (await this.call(name, 'GET', '/api/sysAuth/userInfo', reader, undefined, timed));
      case 'loginMenuTree':
        return void (await this.call(name, 'GET', '/api/sysMenu/loginMenuTree', reader, undefined, timed));
      case 'unreadNotices':
        return void (await this.call(name, 'GET', '/api/sysNotice/unReadList', reader, undefined, timed));
      case 'dictionary':
        return void (await this.call(
          name,
          'GET',
          '/api/sysDictData/dataList/org_type',
          reader,
          undefined,
          timed,
        ));
      case 'userPage': {
        const body = { page: 1, pageSize: 20 };
        return void (await this.call(name, 'POST', '/api/sysUser/page', this.admin(), body, timed));
      }
      case 'dictionaryWrite': {
        const id = this.added.shift();
        if (id) {
          await this.call('dictionaryDelete', 'POST', '/api/sysDictData/delete', this.admin(), { id }, timed);
          return;
        }
        const n = ++this.written;
        const item = { dictTypeId: this.dictTypeId, label: `Soak ${n}`, value: `soak-${n}` };
        const added = await this.call(
          'dictionaryAdd',
          'POST',
          '/api/sysDictData/add',
          this.admin(),
          item,
          timed,
        );
        if (typeof added === 'string') this.added.push(added);
      }
    }
  }

  /** One JSON request: its `result`, or undefined (counted as an error) when it failed. */
  private async call(
    name: string,
    method: 'GET' | 'POST',
    path: string,
    token: string,
    body?: unknown,
    timed = false,
  ): Promise<unknown> {
    const started = performance.now();
    this.tally.requests += 1;
    try {
      const response = await fetch(`${this.base}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
        },
        ...(body !== undefined ? { body: JSON.stringify(body) } : {}),
        signal: AbortSignal.timeout(TIMEOUT_MS),
      });
      const text = await response.text();
      if (!response.ok) return this.fail(`${name}: HTTP ${response.status}`);
      return (JSON.parse(text) as { result?: unknown }).result;
    } catch (error) {
      return this.fail(`${name}: ${error instanceof Error ? error.message : String(error)}`);
    } finally {
      if (timed) this.tally.latenciesMs.push(performance.now() - started);
    }
  }

  private fail(what: string): undefined {
    this.tally.errors += 1;
    this.tally.failures[what] = (this.tally.failures[what] ?? 0) + 1;
    return undefined;
  }

  private async signInNext(): Promise<void> {
    const account = ACCOUNTS[this.tally.signIns % ACCOUNTS.length]!;
    this.tally.signIns += 1;
    // The sign-in page's two requests: the tenant's public key, then the login.
    this.tally.requests += 2;
    try {
      this.sessions.push({ account, token: (await signIn(this.base, account)).accessToken });
    } catch (error) {
      this.fail(`sign-in: ${error instanceof Error ? error.message.slice(0, 80) : String(error)}`);
    }
  }

  private async signOut(session: Session): Promise<void> {
    await this.call('logout', 'POST', '/api/sysAuth/logout', session.token);
  }

  private async rotateSession(): Promise<void> {
    if (this.stopped) return;
    await this.signInNext();
    if (this.sessions.length > SESSIONS) await this.signOut(this.sessions.shift()!);
  }

  private async rotateHubClient(): Promise<void> {
    if (this.stopped) return;
    const socket = io(this.base, {
      path: HUB_PATH,
      transports: ['websocket'],
      reconnection: false,
      forceNew: true,
      auth: { token: this.sessions.at(-1)!.token },
    });
    this.tally.hubConnections += 1;
    const connected = await new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), TIMEOUT_MS);
      socket.once('connect', () => (clearTimeout(timer), resolve(true)));
      socket.once('connect_error', () => (clearTimeout(timer), resolve(false)));
    });
    if (!connected) {
      socket.disconnect();
      this.fail('hub: connection refused or timed out');
      return;
    }
    this.sockets.push(socket);
    // A session signed out ends its pages' connections from the server's side.
    socket.once('disconnect', () => (this.sockets = this.sockets.filter((s) => s !== socket)));
    if (this.sockets.length > HUB_CLIENTS) this.sockets.shift()!.disconnect();
  }
}
