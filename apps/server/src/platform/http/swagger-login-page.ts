import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import type { Locale } from '@lintel/contracts';
import type { FastifyInstance } from 'fastify';
import { t } from '../i18n/index.js';

/**
 * The page the API documentation sends a visitor without the swagger login to. It signs in like
 * the app does: the default tenant's captcha (GET /api/sysAuth/captcha) and the password
 * SM2-encrypted with the public key of GET /api/sysTenant/sysInfo/{tenantId}. The Content-Security-
 * Policy allows no inline script, so the page's script and the encryption library are files:
 *
 * - /swagger-login.js: assets/swagger-login.js, the page's behaviour;
 * - /swagger-login-sm2.js: sm-crypto's own browser build (dist/sm2.js, a UMD file that defines
 *   `sm2`), the library the web app encrypts with. It is read from node_modules, where `npm ci`
 *   puts it: the web app depends on it and the server's tests do too.
 */
export const SWAGGER_LOGIN_SCRIPT = '/swagger-login.js';
export const SWAGGER_LOGIN_SM2 = '/swagger-login-sm2.js';

const PAGE_SCRIPT = readFileSync(new URL('../../../assets/swagger-login.js', import.meta.url));
let sm2Bundle: Buffer | undefined;
const sm2Script = () =>
  (sm2Bundle ??= readFileSync(createRequire(import.meta.url).resolve('sm-crypto/dist/sm2.js')));

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

/** The page in one locale; its texts come from the server catalogs (messages/captcha). */
export function swaggerLoginPage(locale: Locale): string {
  const text = (key: string) => escapeHtml(t(locale, key));
  return `<!doctype html>
<html lang="${locale}"><head><meta charset="utf-8"><title>${text('swaggerLogin.pageTitle')}</title>
<meta name="viewport" content="width=device-width,initial-scale=1">
<link rel="icon" href="/favicon.ico">
<style>body{font-family:system-ui,sans-serif;background:#f3f5f8;display:grid;place-items:center;min-height:100vh;margin:0}
form{background:#fff;padding:32px;border-radius:8px;box-shadow:0 2px 12px #0001;width:320px}h1{font-size:18px;margin:0 0 16px}
label{display:block;font-size:13px;margin:12px 0 4px}input{width:100%;box-sizing:border-box;padding:8px;border:1px solid #889;border-radius:4px;font-size:14px}
input:focus-visible,button:focus-visible{outline:2px solid #0f59a4;outline-offset:2px}
.captcha{display:flex;gap:8px;align-items:center}.captcha input{flex:1;min-width:0}
#captcha-refresh{padding:0;border:0;background:none;cursor:pointer;line-height:0;border-radius:4px}
#captcha-refresh img{width:128px;height:40px;border-radius:4px;background:#e8ebf0}
button[type=submit]{margin-top:20px;width:100%;padding:9px;border:0;border-radius:4px;background:#0f59a4;color:#fff;font-size:14px;cursor:pointer}
button[type=submit]:disabled{background:#7f9cbd;cursor:wait}
#error{color:#b3261e;font-size:13px;min-height:18px;margin-top:12px}</style>
<script src="${SWAGGER_LOGIN_SM2}" defer></script>
<script src="${SWAGGER_LOGIN_SCRIPT}" defer></script>
</head>
<body><main><form id="f" method="post" data-failed="${text('swaggerLogin.failed')}" data-unavailable="${text('swaggerLogin.unavailable')}">
<h1>${text('swaggerLogin.heading')}</h1>
<label for="u">${text('swaggerLogin.userName')}</label><input id="u" name="UserName" autocomplete="username" required maxlength="64">
<label for="p">${text('swaggerLogin.password')}</label><input id="p" type="password" autocomplete="current-password" required>
<div id="captcha" hidden><label for="c">${text('captcha.label')}</label>
<div class="captcha"><input id="c" autocomplete="off" autocapitalize="characters" spellcheck="false" maxlength="8">
<button type="button" id="captcha-refresh" title="${text('captcha.refresh')}" aria-label="${text('captcha.refresh')}"><img id="captcha-img" alt="${text('captcha.imageAlt')}" width="128" height="40"></button></div></div>
<button type="submit" disabled>${text('swaggerLogin.submit')}</button>
<div id="error" role="alert"></div>
</form></main></body></html>`;
}

/** The page and its two scripts; hidden from the OpenAPI document like the documentation itself. */
export function registerSwaggerLoginPage(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  const pages = new Map<Locale, string>();
  app.get('/swagger-login', hide, async (request, reply) => {
    let page = pages.get(request.locale);
    if (!page) pages.set(request.locale, (page = swaggerLoginPage(request.locale)));
    return reply
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-language')
      .header('cache-control', 'no-store')
      .send(page);
  });
  const script = (url: string, body: () => Buffer, cacheControl: string) =>
    app.get(url, hide, async (_request, reply) =>
      reply.type('text/javascript; charset=utf-8').header('cache-control', cacheControl).send(body()),
    );
  script(SWAGGER_LOGIN_SCRIPT, () => PAGE_SCRIPT, 'no-cache');
  script(SWAGGER_LOGIN_SM2, sm2Script, 'public, max-age=86400');
}
