import { render, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { initI18n } from '../../locales/i18n';
import { json, stubApi } from '../../test/render-app';
import LanguageMenu from './language-menu';

afterEach(() => vi.unstubAllGlobals());

async function openMenu() {
  await initI18n('zh-CN');
  render(
    <QueryClientProvider client={new QueryClient({ defaultOptions: { queries: { retry: false } } })}>
      <LanguageMenu>
        <button type="button">language</button>
      </LanguageMenu>
    </QueryClientProvider>,
  );
  return screen.findByRole('menu');
}

describe('the language menu', () => {
  it('offers the languages the platform keeps active, and the one in use', async () => {
    stubApi({
      'POST /api/sysLang/dropdownData': () =>
        json([
          { value: 'en', label: 'English', name: '英语' },
          { value: 'ja', label: '日本語', name: '日语' },
        ]),
    });
    const menu = await openMenu();
    await vi.waitFor(() => expect(within(menu).getAllByRole('menuitem')).toHaveLength(3));
    const names = within(menu)
      .getAllByRole('menuitem')
      .map((item) => item.textContent);
    expect(names).toEqual(['English', '日本語', '简体中文']);
  });

  it('offers all 19 when the list cannot be read', async () => {
    stubApi({ 'POST /api/sysLang/dropdownData': () => json('down', 500) });
    const menu = await openMenu();
    expect(within(menu).getAllByRole('menuitem')).toHaveLength(19);
  });
});
