import type { FastifyInstance } from 'fastify';
import { ACCESS_TOKEN_HEADER, PRODUCT_LABEL, type Locale } from '@lintel/contracts';
import { matchLocale, t } from '../i18n/index.js';
import { DASHBOARD_SCRIPT } from './job-dashboard-script.js';

/**
 * The job dashboard of the API host (`/schedule`, SPEC: the hidden menu /platform/job/dashboard frames
 * it): the engine's live state, refreshed every few seconds. The page holds no data and no inline
 * script (CSP script-src 'self'); its script reads GET /api/sysJob/dashboard with the access token
 * the web app keeps in a cookie of this origin (the page is only framed by this site:
 * frame-ancestors 'self'), so the API's permission check applies as it does to every call.
 */
export const DASHBOARD_PATH = '/schedule';
const SCRIPT_PATH = '/schedule/dashboard.js';

const LABELS = [
  'title',
  'running',
  'nextFires',
  'failures',
  'nodes',
  'none',
  'job',
  'trigger',
  'startedAt',
  'nextRunTime',
  'elapsed',
  'error',
  'node',
  'status',
  'heartbeat',
  'queue',
  'signIn',
  'updated',
] as const;

const escape = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );

function page(locale: Locale): string {
  const labels = Object.fromEntries(LABELS.map((key) => [key, t(locale, `jobDashboard.${key}`)]));
  const cookie = encodeURIComponent(`${PRODUCT_LABEL}:${ACCESS_TOKEN_HEADER}`);
  return `<!doctype html><html lang="${locale}" data-locale-key="${PRODUCT_LABEL}:locale"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escape(labels.title!)}</title>
<style>
body{font:14px/1.5 system-ui,-apple-system,"Segoe UI",sans-serif;margin:16px;color:#1f1f1f;background:#f5f5f5}
h1{font-size:18px;margin:0 0 12px}h2{font-size:15px;margin:0 0 8px}
.grid{display:grid;grid-template-columns:repeat(auto-fit,minmax(420px,1fr));gap:12px}
section{background:#fff;border-radius:8px;padding:12px 16px;box-shadow:0 1px 2px rgba(0,0,0,.06)}
table{width:100%;border-collapse:collapse}th,td{text-align:left;padding:4px 6px;border-bottom:1px solid #f0f0f0;font-size:13px}
th{color:#666;font-weight:500}.err{color:#cf1322;max-width:320px;overflow:hidden;text-overflow:ellipsis;white-space:nowrap}
.working{color:#389e0d}.crashed{color:#cf1322}.stopped{color:#8c8c8c}#state{color:#8c8c8c;font-size:12px;margin-bottom:12px}
</style></head><body>
<h1>${escape(labels.title!)}</h1>
<div id="state" data-cookie="${escape(cookie)}" data-labels="${escape(JSON.stringify(labels))}"></div>
<div class="grid">
<section><h2>${escape(labels.running!)}</h2><div id="running"></div></section>
<section><h2>${escape(labels.nextFires!)}</h2><div id="nextFires"></div></section>
<section><h2>${escape(labels.failures!)}</h2><div id="failures"></div></section>
<section><h2>${escape(labels.nodes!)}</h2><div id="nodes"></div></section>
</div>
<script src="${SCRIPT_PATH}"></script>
</body></html>`;
}

export function registerJobDashboard(app: FastifyInstance): void {
  const hide = { schema: { hide: true } };
  const pages = new Map<Locale, string>();
  app.get(DASHBOARD_PATH, hide, async (request, reply) => {
    // The web app's language (its script adds ?lang= from the app's stored choice), else the browser's.
    const asked = (request.query as { lang?: unknown }).lang;
    const locale = (typeof asked === 'string' && matchLocale(asked)) || request.locale;
    let html = pages.get(locale);
    if (!html) pages.set(locale, (html = page(locale)));
    return reply
      .type('text/html; charset=utf-8')
      .header('vary', 'accept-language')
      .header('cache-control', 'no-store')
      .send(html);
  });
  app.get(SCRIPT_PATH, hide, async (_request, reply) =>
    reply.type('text/javascript; charset=utf-8').header('cache-control', 'no-cache').send(DASHBOARD_SCRIPT),
  );
}
