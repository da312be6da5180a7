/**
 * The release notes the update log showed before it had a table: the steps of CHANGELOG.md as of
 * issue 13, newest first. Migration 0025 writes them once; from then on the super admin keeps the
 * notes on the upgrade page. Never edit: a landed migration must write the same rows.
 */
export const SEEDED_RELEASE_NOTES: readonly {
  version: string;
  title: string;
  publishTime: string;
  content: string;
}[] = [
  {
    version: '0.1.0',
    title: 'What the first outside audit found',
    publishTime: '2026-11-24T12:59:00Z',
    content:
      '- Field blacklists hold on every list, detail, export, sort, import and write; buttons follow the API blacklist\n- Forced and expired password changes are enforced by the server; every account lands on a page it may open\n- Menu links are checked on both sides; addresses handed to others follow PUBLIC_URL\n- Lists select several rows for batch delete and enable/disable, each row under its own rules, with reasons for the rest\n- Exports write labels and local dates; form errors say one clear thing per field; an edit that changes nothing records nothing\n- Admin.NET clients work unchanged: extra fields are ignored, parameter names bind in any case\n- Accessible: every page and dialog passes axe-core, the keyboard alone signs in and runs a list, a skip link leads to the page',
  },
  {
    version: '0.0.10',
    title: 'Security: nobody climbs above their kind',
    publishTime: '2026-11-24T12:58:00Z',
    content:
      "- One account policy for every change to an account: nobody changes an account of a higher kind, or ends or widens their own access\n- One grant policy: role holders, menus, data scope, API and field blacklists are handed on only by those who hold them\n- Third-party sign-in: changing a provider's addresses unlinks its accounts, higher accounts cannot use a lower admin's provider, private addresses are refused, the round trip is bound to its browser\n- Lockout counts on the account itself; the image captcha is a noisy picture; the documentation login has sign-in's guards\n- Security headers with a strict content policy on every answer; uploads with random names served only inside their tenant\n- No secrets in logs; server keys readable only at start-up; bad input of any kind answers a clear 400, never an error page\n- An attack suite sweeps every route for escalation, bad input, headers and cross-tenant files",
  },
  {
    version: '0.0.9',
    title: 'Accounts, tenants, menus and online users',
    publishTime: '2026-11-22T12:57:00Z',
    content:
      '- Accounts with the organisation tree, full profile, roles, affiliated organisations, password reset, unlock and instant sign-out on disable\n- Export of any list in xlsx, csv, html, xml or txt, streamed by the server; import with a template and a report of bad rows\n- Column settings per user, print and virtual scrolling on management lists\n- Tenants with their administrator, roles and menus; shared database or a database of their own\n- Menu administration with an icon picker and a modification record; operation and difference log pages\n- Online users over a live channel: messages, and force offline that ends the session at once',
  },
  {
    version: '0.0.8',
    title: 'Roles, organisations, positions and audit',
    publishTime: '2026-11-22T12:56:00Z',
    content:
      "- Roles with menus, data scope, API blacklist, field blacklist and holders, each grant effective on the next request\n- Organisation tree and positions with staff counts, inside each user's data scope\n- Operation and difference logs, written in batches off the request path",
  },
  {
    version: '0.0.7',
    title: 'Sign-in options and the full shell',
    publishTime: '2026-11-22T12:55:00Z',
    content:
      '- QR sign-in confirmed from another device, slider captcha checked by the server, third-party sign-in (OAuth 2.0 / OIDC)\n- Four layouts and a settings drawer with every theme option; dark, grey and weak-colour modes; watermark\n- Tags with kept-alive pages, breadcrumb, footer, lock screen, idle sign-out, upgrade prompt, embedded and external menus\n- Sign-in page paints at once and stays under its script budget',
  },
  {
    version: '0.0.6',
    title: 'Personal centre, schedule calendar and system information',
    publishTime: '2026-11-22T12:54:00Z',
    content:
      '- Personal centre: profile, avatar with cropping, password change with the policy, handwritten electronic signature\n- Personal schedule calendar on the dashboard, shortcuts, version and update log, about-the-project block\n- About page and the tenant system-information settings with logo upload\n- Uploads up to 10 MB, type checked from the content, stored on the local disk and served under /upload',
  },
  {
    version: '0.0.5',
    title: 'Web app, first slice',
    publishTime: '2026-11-22T12:53:00Z',
    content:
      '- API client with the session rules: bearer and refresh headers, rotation, sign-out on an invalid token\n- Sign-in by account with captcha and by SMS code, route guard, shell with the server menu\n- Home dashboard with greeting and clock, 401 and 404 pages, 19 locales\n- The server serves the built web app: hashed assets cached for a year, SPA fallback, brotli and gzip\n- Messages per feature area on server and web, loaded per locale; browser suite in Chromium',
  },
  {
    version: '0.0.4',
    title: 'Hardening',
    publishTime: '2026-11-22T12:52:00Z',
    content:
      '- SMS codes: at most 10 a day per number\n- X-Forwarded-For believed only from configured proxies (TRUST_PROXY), so rate limits cannot be dodged\n- Unreachable PostgreSQL or Redis stops start-up with one line naming the setting\n- One place for LIKE escaping and SQLSTATE handling in repositories',
  },
  {
    version: '0.0.3',
    title: 'Faster sign-in and requests',
    publishTime: '2026-11-22T12:51:00Z',
    content:
      '- Native SM2 decryption on OpenSSL, ten times faster than the JavaScript one\n- Sign-in reads and writes in one transaction each; at most one argon2 hash per core\n- Principals and tenants kept in process per stamp: one small Redis read per request\n- Benchmark suite with numbers in the README',
  },
  {
    version: '0.0.2',
    title: 'Dictionaries, constants and menus',
    publishTime: '2026-11-22T12:50:00Z',
    content:
      "- Dictionary types and data (sysDictType, sysDictData) and constants (sysConst)\n- Menus: login tree, list and writes; the seed keeps administrators' display edits\n- Server messages in all 19 locales; product logo at /upload/logo.png and as favicon",
  },
  {
    version: '0.0.1',
    title: 'Tests and security',
    publishTime: '2026-11-22T12:49:00Z',
    content:
      '- Test harness on PGlite and PostgreSQL template databases with a Redis cache per app\n- Token rotation and reuse, revocation, lockout, captcha, SMS and row-level security tests\n- Permission gate tests: role menus, tenant menus, API blacklist, disabled roles\n- Grant policy for core modules; only the super admin grants them',
  },
  {
    version: '0.0.0',
    title: 'Foundation',
    publishTime: '2026-11-22T12:48:00Z',
    content:
      '- Workspace skeleton, configuration, the permission registry and the data layer with row-level security\n- HTTP platform, default-deny gate, sessions with rotation, sign-in, tenant sysInfo, swagger login, seed',
  },
];
