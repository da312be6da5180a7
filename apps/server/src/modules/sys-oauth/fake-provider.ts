import { createHash, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A real OAuth 2.0 / OIDC provider for tests, on 127.0.0.1 and a random port: authorize redirects
 * back with a code (for the user `signInAs` chose), token checks the client, the redirect URI and
 * the PKCE verifier against the S256 challenge, userinfo answers the user's claims for its token.
 */
export interface FakeProvider {
  /** http://127.0.0.1:<port> */
  origin: string;
  clientId: string;
  clientSecret: string;
  /** The claims the next authorization signs in with. */
  signInAs(claims: Record<string, unknown>): void;
  /** Token endpoint refusals, newest last (for assertions). */
  refusals: string[];
  close(): Promise<void>;
}

interface Grant {
  clientId: string;
  redirectUri: string;
  challenge: string;
  claims: Record<string, unknown>;
}

const s256 = (v: string) => createHash('sha256').update(v).digest('base64url');

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString()));
    req.on('end', () => resolve(body));
    req.on('error', reject);
  });
}

function json(res: http.ServerResponse, status: number, body: unknown) {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

export async function startFakeProvider(
  options: { clientId?: string; clientSecret?: string } = {},
): Promise<FakeProvider> {
  const clientId = options.clientId ?? 'lintel-test-client';
  const clientSecret = options.clientSecret ?? randomBytes(12).toString('hex');
  const grants = new Map<string, Grant>();
  const tokens = new Map<string, Record<string, unknown>>();
  const refusals: string[] = [];
  let next: Record<string, unknown> = { sub: 'user-1' };

  const refuse = (res: http.ServerResponse, reason: string) => {
    refusals.push(reason);
    json(res, 400, { error: 'invalid_grant', error_description: reason });
  };

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://127.0.0.1');
      if (req.method === 'GET' && url.pathname === '/authorize') {
        const q = url.searchParams;
        const redirect = q.get('redirect_uri');
        if (
          q.get('response_type') !== 'code' ||
          q.get('client_id') !== clientId ||
          !redirect ||
          !q.get('state') ||
          q.get('code_challenge_method') !== 'S256' ||
          !q.get('code_challenge')
        ) {
          json(res, 400, { error: 'invalid_request' });
          return;
        }
        const code = randomBytes(16).toString('hex');
        grants.set(code, {
          clientId,
          redirectUri: redirect,
          challenge: q.get('code_challenge')!,
          claims: next,
        });
        const back = new URL(redirect);
        back.searchParams.set('code', code);
        back.searchParams.set('state', q.get('state')!);
        res.writeHead(302, { location: back.toString() });
        res.end();
        return;
      }
      if (req.method === 'POST' && url.pathname === '/token') {
        const form = new URLSearchParams(await readBody(req));
        let id = form.get('client_id');
        let secret = form.get('client_secret');
        const basic = /^Basic (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        if (basic) {
          const [user = '', pass = ''] = Buffer.from(basic, 'base64').toString().split(':');
          id = decodeURIComponent(user);
          secret = decodeURIComponent(pass);
        }
        if (id !== clientId || secret !== clientSecret) return refuse(res, 'client authentication failed');
        const code = form.get('code') ?? '';
        const grant = grants.get(code);
        grants.delete(code); // codes are single use
        if (!grant || form.get('grant_type') !== 'authorization_code') return refuse(res, 'unknown code');
        if (form.get('redirect_uri') !== grant.redirectUri) return refuse(res, 'redirect_uri mismatch');
        if (s256(form.get('code_verifier') ?? '') !== grant.challenge)
          return refuse(res, 'PKCE verifier mismatch');
        const token = randomBytes(16).toString('hex');
        tokens.set(token, grant.claims);
        json(res, 200, { access_token: token, token_type: 'Bearer', expires_in: 3600 });
        return;
      }
      if (req.method === 'GET' && url.pathname === '/userinfo') {
        const token = /^Bearer (.+)$/.exec(req.headers.authorization ?? '')?.[1];
        const claims = token && tokens.get(token);
        if (!claims) {
          json(res, 401, { error: 'invalid_token' });
          return;
        }
        json(res, 200, claims);
        return;
      }
      json(res, 404, { error: 'not_found' });
    })().catch((error: unknown) => json(res, 500, { error: String(error) }));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    clientId,
    clientSecret,
    refusals,
    signInAs(claims) {
      next = claims;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
