import type { LangRow } from '@lintel/contracts';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../../shared/api/notify';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import LangPage from './lang-page';

const lang = (id: string, code: string, nativeName: string): LangRow => ({
  id,
  code,
  name: nativeName,
  nativeName,
  active: true,
  orderNo: 100,
  remark: null,
  createTime: '2026-11-01T08:00:00+08:00',
  updateTime: null,
});

let updates: Record<string, unknown>[];
let searches: Record<string, unknown>[];
beforeEach(() => {
  updates = [];
  searches = [];
  setNotifier({ error: vi.fn(), success: vi.fn() });
  stubApi({
    'GET /api/sysAuth/userInfo': () => json(userInfo({ apis: ['sysLang:page', 'sysLang:update'] })),
    'POST /api/sysLang/page': (init) => {
      searches.push(JSON.parse(String(init?.body)));
      const items = [lang('1', 'zh-CN', '简体中文'), lang('2', 'en', 'English')];
      return json({
        page: 1,
        pageSize: 20,
        total: 2,
        totalPages: 1,
        items,
        hasPrevPage: false,
        hasNextPage: false,
      });
    },
    'POST /api/sysLang/update': (init) => {
      updates.push(JSON.parse(String(init?.body)));
      return json(null);
    },
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
  setNotifier(null);
});

describe('languages page', () => {
  it('switches a language off with its whole row, searches by keyword, and offers no add or delete without the permission', async () => {
    await renderPage(<LangPage />);
    fireEvent.click(await screen.findByRole('switch', { name: 'Activate English' }));
    await waitFor(() => expect(updates).toHaveLength(1));
    expect(updates[0]).toEqual({
      id: '2',
      code: 'en',
      name: 'English',
      nativeName: 'English',
      active: false,
      orderNo: 100,
      remark: null,
    });
    expect(screen.queryByRole('button', { name: /Add$/ })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Delete' })).toBeNull();

    fireEvent.change(screen.getByLabelText('Keyword'), { target: { value: 'eng' } });
    fireEvent.click(screen.getByRole('button', { name: /search/i }));
    await waitFor(() => expect(searches.at(-1)).toMatchObject({ keyword: 'eng', page: 1 }));
  });
});
