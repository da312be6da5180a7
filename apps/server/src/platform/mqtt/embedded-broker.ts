import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import type { Aedes, AuthenticateError } from 'aedes';
import type { FastifyInstance } from 'fastify';
import { WebSocketServer, createWebSocketStream } from 'ws';
import type { AppContext } from '../context.js';
import { sessionRefusal } from '../auth/gate.js';
import type { AccessClaims } from '../auth/tokens.js';

/** The address of the embedded broker on the product's own HTTP server. */
export const MQTT_PATH = '/mqtt';

/** CONNACK return code 4: bad user name or password (MQTT 3.1.1), 5: not authorised. */
const refused = (code: 4 | 5): AuthenticateError =>
  Object.assign(new Error(code === 4 ? 'Bad user name or password' : 'Not authorized'), { returnCode: code });

/**
 * Who may connect: the password is a product access token (the one the web app holds), the user
 * name the account it was issued to; the session must be live (as the gate requires) and the
 * account must hold sysMqtt:broker (the super admin does). Everyone else is refused at CONNECT.
 */
async function authenticate(ctx: AppContext, username: string | undefined, password: Buffer | undefined) {
  if (!username || !password) return refused(4);
  const verified = ctx.codec.verify<AccessClaims>(password.toString('utf8'), 'a');
  if (!verified.ok) return refused(4);
  const { principal, tenant } = await ctx.sessions.resolve(verified.claims);
  if (sessionRefusal(verified.claims, principal, tenant) || !principal) return refused(4);
  if (principal.account !== username) return refused(4);
  if (!principal.isSuperAdmin && !principal.permissions.includes('sysMqtt:broker')) return refused(5);
  return null;
}

/**
 * The embedded aedes broker, spoken to over WebSocket at /mqtt on the product's own HTTP server.
 * `ws` runs without a server of its own (noServer) and takes only upgrades for /mqtt; every other
 * upgrade (Socket.IO's /hub) is left to its own listener, untouched.
 */
export async function attachEmbeddedBroker(app: FastifyInstance, ctx: AppContext): Promise<Aedes> {
  // Loaded only where the broker runs: most processes never start it.
  const { Aedes: Broker } = await import('aedes');
  const broker = await Broker.createBroker({
    authenticate: (_client, username, password, done) => {
      authenticate(ctx, username, password).then(
        (error) => done(error, !error),
        (error: unknown) => {
          ctx.log.warn({ err: error }, 'MQTT authentication failed');
          done(refused(5), false);
        },
      );
    },
  });
  const wss = new WebSocketServer({ noServer: true, maxPayload: 256 * 1024 });
  const onUpgrade = (request: IncomingMessage, socket: Duplex, head: Buffer) => {
    const pathname = new URL(request.url ?? '/', 'http://localhost').pathname;
    if (pathname !== MQTT_PATH) return;
    wss.handleUpgrade(request, socket, head, (ws) => {
      const stream = createWebSocketStream(ws);
      stream.on('error', () => ws.terminate());
      broker.handle(stream, request);
    });
  };
  app.server.on('upgrade', onUpgrade);
  app.addHook('onClose', async () => {
    app.server.off('upgrade', onUpgrade);
    for (const client of wss.clients) client.terminate();
    await new Promise<void>((resolve) => wss.close(() => resolve()));
    await new Promise<void>((resolve) => broker.close(() => resolve()));
  });
  ctx.log.info({ path: MQTT_PATH }, 'Embedded MQTT broker on');
  return broker;
}
