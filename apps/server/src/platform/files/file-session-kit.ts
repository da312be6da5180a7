import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../../test/harness.js';
import { DEMO_PASSWORD } from '../../db/seed/demo-data.js';

/** Test helpers for the suites that read uploads (not a test file itself). */

export const FILE_COOKIE_NAME = 'lintel_files';

/** The Set-Cookie values of an answer, as a list. */
export function setCookies(response: LightMyRequestResponse): string[] {
  const header = response.headers['set-cookie'];
  return header === undefined ? [] : Array.isArray(header) ? header : [header];
}

/** The file cookie an answer sets: its value and attributes, or undefined when it sets none. */
export function fileCookieOf(response: LightMyRequestResponse) {
  const raw = setCookies(response).find((c) => c.startsWith(`${FILE_COOKIE_NAME}=`));
  if (!raw) return undefined;
  const [pair = '', ...attributes] = raw.split(';').map((part) => part.trim());
  return { value: decodeURIComponent(pair.slice(FILE_COOKIE_NAME.length + 1)), attributes, raw };
}

/** Signs in like the web client does and keeps what the browser would: the tokens and the file cookie. */
export async function signIn(t: TestApp, account: string, password = DEMO_PASSWORD, tenantId?: string) {
  const response = await t.call('POST', '/api/sysAuth/login', undefined, {
    account,
    password: t.encrypt(password),
    ...(tenantId ? { tenantId } : {}),
  });
  if (response.statusCode !== 200) throw new Error(`login ${account}: ${response.body}`);
  const { accessToken, refreshToken } = response.json().result as {
    accessToken: string;
    refreshToken: string;
  };
  return { accessToken, refreshToken, cookie: fileCookieOf(response)?.value, response };
}

/** GET of a stored file the way an <img> asks for it (cookie only), or a bearer client (token only). */
export function getFile(t: TestApp, url: string, auth: { cookie?: string; bearer?: string } = {}) {
  const headers: Record<string, string> = {};
  if (auth.cookie !== undefined) headers.cookie = `${FILE_COOKIE_NAME}=${encodeURIComponent(auth.cookie)}`;
  if (auth.bearer !== undefined) headers.authorization = `Bearer ${auth.bearer}`;
  return t.app.inject({ method: 'GET', url, headers });
}
