import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import CachePage from './cache-page';

let keys: string[];
let posts: string[];
beforeEach(() => {
  keys = ['dict:all:1300000000001', 'captcha:abc', 'menus:epoch'];
  posts = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
      const path = decodeURIComponent(new URL(String(input), 'http://localhost').pathname);
      const method = init?.method ?? 'GET';
      if (path === '/api/sysAuth/userInfo')
        return json(
          userInfo({
            apis: [
              'sysCache:keyList',
              'sysCache:value',
              'sysCache:delete',
              'sysCache:deleteByPreKey',
              'sysCache:clear',
            ],
          }),
        );
      if (path === '/api/sysCache/keyList')
        return json({ kind: 'redis', keys, truncated: false, protectedPrefixes: ['captcha:', 'sms:'] });
      if (path.startsWith('/api/sysCache/value/'))
        return json({
          key: path.slice('/api/sysCache/value/'.length),
          exists: true,
          format: 'json',
          value: [{ code: 'sex', label: '男' }],
          text: '[{"code":"sex","label":"男"}]',
          ttl: 3540,
        });
      if (method === 'POST' && path.startsWith('/api/sysCache/delete/')) {
        const key = path.slice('/api/sysCache/delete/'.length);
        posts.push(path);
        keys = keys.filter((k) => k !== key);
        return json({ deleted: 1, kept: 0 });
      }
      return json('not found', 404);
    }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('cache page', () => {
  it('shows the keys by prefix, a value with its time to live, and deletes the key', async () => {
    await renderPage(<CachePage />);
    // What clear keeps is said on the page.
    expect(await screen.findByText(/captcha: sms:/)).toBeTruthy();
    expect(screen.getByText(/Redis · 3/)).toBeTruthy();
    fireEvent.click(await screen.findByText('dict:'));
    fireEvent.click(await screen.findByText('all:'));
    fireEvent.click(await screen.findByText('1300000000001'));
    const value = await screen.findByTestId('cache-value');
    expect(value.textContent).toContain('"label": "男"');
    expect(screen.getByText('3540 s')).toBeTruthy();

    fireEvent.click(screen.getByRole('button', { name: /Delete key/ }));
    fireEvent.click(await screen.findByRole('button', { name: 'OK' }));
    await waitFor(() => expect(posts).toEqual(['/api/sysCache/delete/dict:all:1300000000001']));
    await waitFor(() => expect(screen.queryByText('dict:')).toBeNull());
  });
});
