import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { cookies, local, STORAGE_PREFIX, TENANT_ID_KEY } from '../storage';
import { ApiError } from './api-error';
import { HTTP_TIMEOUT_MS, request } from './client';
import { setNotifier } from './notify';
import { readAccessToken, readRefreshToken, saveTokens } from './tokens';

const fetchMock = vi.fn<typeof fetch>();
const toast = vi.fn();
const reload = vi.fn();

function reply(body: unknown, init: { status?: number; headers?: Record<string, string> } = {}) {
  return new Response(JSON.stringify(body), {
    status: init.status ?? 200,
    headers: { 'content-type': 'application/json', ...init.headers },
  });
}
const ok = (result: unknown) => reply({ code: 200, type: 'success', message: '', result });
const sentHeaders = (call = 0) => new Headers(fetchMock.mock.calls[call]?.[1]?.headers);

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ error: toast, success: vi.fn() });
  Object.defineProperty(window, 'location', {
    configurable: true,
    value: { ...window.location, reload },
  });
});
afterEach(() => {
  fetchMock.mockReset();
  toast.mockReset();
  reload.mockReset();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('request headers', () => {
  it('sends the access token as a bearer and no refresh token while it is valid', async () => {
    saveTokens(fakeJwt(nowSeconds() + 600), 'refresh-1');
    fetchMock.mockResolvedValueOnce(ok(1));
    await request('/api/x');
    expect(sentHeaders().get('Authorization')).toMatch(/^Bearer ey/);
    expect(sentHeaders().get('X-Authorization')).toBeNull();
  });

  it('adds X-Authorization with the refresh token when the access token has expired', async () => {
    saveTokens(fakeJwt(nowSeconds() - 5), 'refresh-1');
    fetchMock.mockResolvedValueOnce(ok(1));
    await request('/api/x');
    expect(sentHeaders().get('X-Authorization')).toBe('Bearer refresh-1');
  });

  it('sends Accept-Language from the chosen locale, zh-CN by default', async () => {
    fetchMock.mockImplementation(async () => ok(1));
    await request('/api/x');
    expect(sentHeaders(0).get('Accept-Language')).toBe('zh-CN');
    local.set('locale', 'de');
    await request('/api/x');
    expect(sentHeaders(1).get('Accept-Language')).toBe('de');
  });

  it('sends a JSON body and the query string', async () => {
    fetchMock.mockResolvedValueOnce(ok(1));
    await request('/api/x', { method: 'POST', query: { a: 1, b: undefined }, body: { n: 2 } });
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/x?a=1');
    expect(fetchMock.mock.calls[0]?.[1]?.body).toBe('{"n":2}');
    expect(sentHeaders().get('Content-Type')).toBe('application/json');
  });
});

describe('responses', () => {
  it('returns the result of the wrapper', async () => {
    fetchMock.mockResolvedValueOnce(ok({ a: 1 }));
    await expect(request('/api/x')).resolves.toEqual({ a: 1 });
  });

  it('stores a rotated token pair from the response headers, under the product prefix', async () => {
    fetchMock.mockResolvedValueOnce(
      reply({ code: 200, result: 1 }, { headers: { 'access-token': 'A2', 'x-access-token': 'R2' } }),
    );
    await request('/api/x');
    expect(readAccessToken()).toBe('A2');
    expect(readRefreshToken()).toBe('R2');
    expect(document.cookie).toContain(`${encodeURIComponent(STORAGE_PREFIX)}access-token=A2`);
  });

  it.each([
    ['HTTP 401', () => reply({ code: 401, message: 'expired' }, { status: 401 })],
    ['body code 401', () => reply({ code: 401, message: 'expired' })],
    [
      'invalid_token header',
      () => reply({ code: 200, result: 1 }, { headers: { 'access-token': 'invalid_token' } }),
    ],
  ])('%s clears the session (keeping the tenant id) and reloads', async (_name, response) => {
    saveTokens('A1', 'R1');
    local.set(TENANT_ID_KEY, '1300000000002');
    local.set('userInfo', { id: 1 });
    sessionStorage.setItem(`${STORAGE_PREFIX}x`, '1');
    cookies.set('userInfo', 'u');
    fetchMock.mockResolvedValueOnce(response());
    await expect(request('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(reload).toHaveBeenCalledOnce();
    expect(readAccessToken()).toBeNull();
    expect(readRefreshToken()).toBeNull();
    expect(cookies.get('userInfo')).toBeNull();
    expect(local.get('userInfo')).toBeNull();
    expect(sessionStorage.length).toBe(0);
    expect(local.get(TENANT_ID_KEY)).toBe('1300000000002');
  });

  it('toasts the server message of an HTTP error and rejects', async () => {
    fetchMock.mockResolvedValueOnce(reply({ code: 400, message: 'Bad captcha' }, { status: 400 }));
    await expect(request('/api/x')).rejects.toMatchObject({ status: 400, code: 400, message: 'Bad captcha' });
    expect(toast).toHaveBeenCalledWith('Bad captcha');
  });

  it('toasts the status text, or "Request Error.", when the body says nothing', async () => {
    fetchMock.mockResolvedValueOnce(new Response('', { status: 502, statusText: 'Bad Gateway' }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(ApiError);
    fetchMock.mockResolvedValueOnce(new Response('', { status: 500, statusText: '' }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast.mock.calls).toEqual([['Bad Gateway'], ['Request Error.']]);
  });

  it('toasts a body code other than 200, serializing an object message', async () => {
    fetchMock.mockResolvedValueOnce(reply({ code: 500, message: { field: 'bad' } }));
    await expect(request('/api/x')).rejects.toMatchObject({ code: 500 });
    expect(toast).toHaveBeenCalledWith('{"field":"bad"}');
  });

  it('toasts serialized errors of the body', async () => {
    fetchMock.mockResolvedValueOnce(reply({ code: 200, errors: { name: ['required'] } }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('{"name":["required"]}');
  });

  it('with customCatch leaves the error to the caller: no toast', async () => {
    fetchMock.mockResolvedValueOnce(reply({ code: 400, message: 'Wrong password' }, { status: 400 }));
    await expect(request('/api/x', { customCatch: true })).rejects.toMatchObject({
      message: 'Wrong password',
    });
    expect(toast).not.toHaveBeenCalled();
  });

  it('toasts network errors as a sentence, never the browser’s exception', async () => {
    const cause = new TypeError('Failed to fetch');
    fetchMock.mockRejectedValueOnce(cause);
    await expect(request('/api/x')).rejects.toMatchObject({ status: 0, cause });
    expect(toast.mock.calls).toEqual([
      ['The server could not be reached. Check the network connection and try again.'],
    ]);
  });

  it('toasts an answer that is not JSON (a proxy’s error page, a cut-off body) as a sentence', async () => {
    const page = '<html><body><h1>502 Bad Gateway</h1></body></html>';
    fetchMock.mockResolvedValueOnce(new Response(page, { status: 502, statusText: 'Bad Gateway' }));
    await expect(request('/api/x')).rejects.toMatchObject({ status: 502 });
    fetchMock.mockResolvedValueOnce(new Response('{"code":200,"res', { status: 200 }));
    await expect(request('/api/x')).rejects.toBeInstanceOf(ApiError);
    const sentence = 'The server sent an answer that could not be read. Please try again later.';
    expect(toast.mock.calls).toEqual([[sentence], [sentence]]);
  });
});

describe('timeout', () => {
  it('aborts after 600000 ms by default', async () => {
    expect(HTTP_TIMEOUT_MS).toBe(600_000);
    vi.useFakeTimers();
    fetchMock.mockImplementationOnce(
      (_url, init) =>
        new Promise((_resolve, reject) =>
          init?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError'))),
        ),
    );
    const pending = request('/api/slow');
    const outcome = expect(pending).rejects.toMatchObject({ status: 0 });
    await vi.advanceTimersByTimeAsync(HTTP_TIMEOUT_MS - 1);
    expect(toast).not.toHaveBeenCalled();
    await vi.advanceTimersByTimeAsync(1);
    await outcome;
    expect(toast.mock.calls[0]?.[0]).toBe(
      'The server did not answer within 600 seconds. Please try again later.',
    );
  });
});
