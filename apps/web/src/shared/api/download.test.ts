import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { ApiError } from './api-error';
import { download, fileNameOf } from './download';
import { setNotifier } from './notify';
import { readAccessToken, saveTokens } from './tokens';

const fetchMock = vi.fn<typeof fetch>();
const toast = vi.fn();

beforeEach(() => {
  vi.stubGlobal('fetch', fetchMock);
  setNotifier({ error: toast, success: vi.fn() });
});
afterEach(() => {
  fetchMock.mockReset();
  toast.mockReset();
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('fileNameOf', () => {
  it('prefers the UTF-8 name, then the plain one, then the fallback', () => {
    expect(fileNameOf(`attachment; filename="a_.csv"; filename*=UTF-8''%E8%B4%A6%E5%8F%B7.csv`, 'x')).toBe(
      '账号.csv',
    );
    expect(fileNameOf('attachment; filename="plain name.xlsx"', 'x')).toBe('plain name.xlsx');
    expect(fileNameOf('attachment; filename=bare.txt', 'x')).toBe('bare.txt');
    expect(fileNameOf('attachment', 'fallback.xml')).toBe('fallback.xml');
    expect(fileNameOf(null, 'fallback.xml')).toBe('fallback.xml');
  });

  it('never keeps a folder part and survives bad escapes', () => {
    expect(fileNameOf(`attachment; filename*=UTF-8''..%2F..%2Fetc%2Fpasswd`, 'x')).toBe('passwd');
    expect(fileNameOf('attachment; filename="C:\\\\temp\\\\a.csv"', 'x')).toBe('a.csv');
    expect(fileNameOf(`attachment; filename*=UTF-8''%E0%A4%A; filename="ok.csv"`, 'x')).toBe('ok.csv');
  });
});

describe('download', () => {
  it('sends the bearer token and the JSON body, reports progress and answers blob and name', async () => {
    saveTokens(fakeJwt(nowSeconds() + 600), 'refresh-1');
    const chunks = [new Uint8Array([1, 2, 3]), new Uint8Array([4, 5])];
    fetchMock.mockResolvedValueOnce(
      new Response(
        new ReadableStream({
          start(controller) {
            for (const c of chunks) controller.enqueue(c);
            controller.close();
          },
        }),
        {
          headers: {
            'content-type': 'text/plain',
            'content-length': '5',
            'content-disposition': 'attachment; filename="r.txt"',
          },
        },
      ),
    );
    const progress: [number, number | null][] = [];
    const file = await download('/api/x/export', {
      method: 'POST',
      body: { format: 'txt' },
      fallbackName: 'x.txt',
      onProgress: (received, total) => progress.push([received, total]),
    });
    const [, init] = fetchMock.mock.calls[0]!;
    expect(new Headers(init?.headers).get('Authorization')).toMatch(/^Bearer ey/);
    expect(init?.body).toBe('{"format":"txt"}');
    expect(file.fileName).toBe('r.txt');
    expect([...new Uint8Array(await file.blob.arrayBuffer())]).toEqual([1, 2, 3, 4, 5]);
    expect(progress).toEqual([
      [0, 5],
      [3, 5],
      [5, 5],
    ]);
  });

  it('stores rotated tokens sent with the file', async () => {
    const fresh = fakeJwt(nowSeconds() + 900);
    fetchMock.mockResolvedValueOnce(
      new Response('a', {
        headers: { 'content-type': 'text/csv', 'access-token': fresh, 'x-access-token': 'refresh-2' },
      }),
    );
    await download('/api/x/export', { fallbackName: 'x.csv' });
    expect(readAccessToken()).toBe(fresh);
  });

  it('turns the JSON wrapper of a refusal into a toast and a rejection', async () => {
    fetchMock.mockResolvedValueOnce(
      new Response(JSON.stringify({ code: 403, type: 'error', message: 'No export for you', result: null }), {
        status: 403,
        headers: { 'content-type': 'application/json' },
      }),
    );
    await expect(download('/api/x/export', { fallbackName: 'x.csv' })).rejects.toBeInstanceOf(ApiError);
    expect(toast).toHaveBeenCalledWith('No export for you');
  });

  it('keeps quiet with customCatch and still rejects', async () => {
    fetchMock.mockRejectedValueOnce(new TypeError('offline'));
    await expect(
      download('/api/x/export', { fallbackName: 'x.csv', customCatch: true }),
    ).rejects.toBeInstanceOf(ApiError);
    expect(toast).not.toHaveBeenCalled();
  });
});
