import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { createSigner, createVerifier } from 'fast-jwt';
import type { AppContext } from '../context.js';
import { LOGO_PNG, LOGO_SVG } from './assets.js';

export const SWAGGER_COOKIE = 'lintel_swagger';
const SWAGGER_TTL_MS = 8 * 3600_000;

/** Short-lived signed cookie proving a swagger login; signed with the server's token secret. */
export function swaggerTokens(secret: string) {
  const sign = createSigner({ key: secret, algorithm: 'HS256', expiresIn: SWAGGER_TTL_MS });
  const verify = createVerifier({ key: secret, algorithms: ['HS256'] });
  return {
    /** The swagger cookie of a request, if any (the only cookie the API reads). */
    fromRequest(request: FastifyRequest): string | undefined {
      const header = request.headers.cookie;
      if (!header) return undefined;
      for (const part of header.split(';')) {
        const [name, ...value] = part.trim().split('=');
        if (name === SWAGGER_COOKIE) return decodeURIComponent(value.join('='));
      }
      return undefined;
    },
    /** A Set-Cookie value for a fresh swagger login. */
    setCookie(account: string): string {
      const maxAge = SWAGGER_TTL_MS / 1000;
      return `${SWAGGER_COOKIE}=${encodeURIComponent(sign({ sub: account, typ: 'swagger' }))}; Path=/; Max-Age=${maxAge}; HttpOnly; SameSite=Strict`;
    },
    isValid(token: string | undefined): boolean {
      if (!token) return false;
      try {
        return (verify(token) as { typ?: string }).typ === 'swagger';
      } catch {
        return false;
      }
    },
  };
}

/**
 * OpenAPI document and UI at /swagger, behind the swagger login: without a valid cookie the UI and
 * the JSON redirect to /swagger-login, which posts to /api/swagger/submitUrl.
 */
export async function registerOpenApi(app: FastifyInstance, ctx: AppContext): Promise<void> {
  const tokens = swaggerTokens(ctx.keys.jwtSecret);
  await app.register(swagger, {
    openapi: {
      info: { title: 'Lintel API', version: process.env.npm_package_version ?? '0.1.0' },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
  });
  const guard = async (request: FastifyRequest, reply: FastifyReply) => {
    if (!tokens.isValid(tokens.fromRequest(request))) {
      return reply.redirect(`/swagger-login?redirect=${encodeURIComponent(request.url)}`);
    }
  };
  app.get('/swagger-login', { schema: { hide: true } }, async (_request, reply) =>
    reply.type('text/html; charset=utf-8').send(SWAGGER_LOGIN_PAGE),
  );
  await app.register(swaggerUi, {
    routePrefix: '/swagger',
    uiHooks: { onRequest: guard },
    uiConfig: { persistAuthorization: true },
    logo: { type: 'image/svg+xml', content: LOGO_SVG },
    theme: {
      title: 'Lintel API',
      favicon: [
        { filename: 'favicon.png', rel: 'icon', sizes: '128x128', type: 'image/png', content: LOGO_PNG },
      ],
    },
  });
}

/** The page the documentation redirects to without a swagger login. */
export const SWAGGER_LOGIN_PAGE = `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Lintel API documentation — sign in</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<style>body{font-family:system-ui,sans-serif;background:#f3f5f8;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 12px #0001;width:320px}h1{font-size:18px;margin:0 0 16px}
label{display:block;font-size:13px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #ccd;border-radius:4px}
button{margin-top:20px;width:100%;padding:9px;border:0;border-radius:4px;background:#0f59a4;color:#fff;font-size:14px;cursor:pointer}
#error{color:#c0392b;font-size:13px;min-height:18px;margin-top:12px}</style></head>
<body><form id="f"><h1>Lintel API documentation</h1>
<label for="u">User name</label><input id="u" name="UserName" autocomplete="username" required>
<label for="p">Password</label><input id="p" name="Password" type="password" autocomplete="current-password" required>
<button type="submit">Sign in</button><div id="error" role="alert"></div></form>
<script>
document.getElementById('f').addEventListener('submit', async (e) => {
  e.preventDefault();
  const body = new URLSearchParams(new FormData(e.target));
  const res = await fetch('/api/swagger/submitUrl', { method: 'POST', body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
  const json = await res.json().catch(() => ({}));
  if (res.ok && json.result === 200) {
    const target = new URLSearchParams(location.search).get('redirect') || '/swagger';
    location.href = target.startsWith('/swagger') ? target : '/swagger';
  } else {
    document.getElementById('error').textContent = json.message || 'Sign-in failed';
  }
});
</script></body></html>`;
