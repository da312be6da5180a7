import { MENU_REGISTRY } from '@lintel/contracts';
import { act, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { i18n, loadMessages } from '../../../locales/i18n';
import { userInfo } from '../../../test/fixtures';
import { json, stubApi } from '../../../test/render-app';
import { renderPage } from '../../../test/render-page';
import { GUIDE_EN } from './guide-en';
import GuidePage from './guide-page';
import { GUIDE_ZH_CN } from './guide-zh-cn';

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('user guide', () => {
  it.each([
    ['en', GUIDE_EN],
    ['zh-CN', GUIDE_ZH_CN],
  ])('%s has a section for every top-level area of the menu', (_, guide) => {
    const covered = new Set(guide.flatMap((section) => section.menus));
    const areas = MENU_REGISTRY.map((top) => top.key);
    expect(areas.filter((key) => !covered.has(key))).toEqual([]);
    // Every section names real areas, so a renamed menu key is caught too.
    expect([...covered].filter((key) => !areas.includes(key))).toEqual([]);
  });

  it('has the same sections, in the same order, in English and Chinese', () => {
    expect(GUIDE_ZH_CN.map((s) => [s.id, s.menus])).toEqual(GUIDE_EN.map((s) => [s.id, s.menus]));
    for (const guide of [GUIDE_EN, GUIDE_ZH_CN])
      for (const section of guide.filter((s) => s.menus.length > 0))
        expect(section.body, section.id).toMatch(/\*\*(Permissions|权限)：?:?\*\*/);
  });

  it('describes the open API signature as the server computes it, the accessKey included', () => {
    for (const guide of [GUIDE_EN, GUIDE_ZH_CN]) {
      const openApi = guide.find((s) => s.id === 'openapi')!;
      expect(openApi.body).toContain('HMAC-SHA256');
      expect(openApi.body).toContain('`METHOD&path&accessKey&timestamp&nonce`');
    }
  });

  it('lists the sections and renders the developer tools one', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<GuidePage />);
    const contents = await screen.findByRole('navigation', { name: 'Contents' });
    expect(
      within(contents)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(GUIDE_EN.map((s) => s.title));
    const develop = document.getElementById('guide-develop')!;
    expect(within(develop).getByRole('heading', { level: 2 }).textContent).toBe('Developer tools');
    expect(await within(develop).findByText('API stress test')).toBeTruthy();
    expect(within(develop).getByText('Permissions:').tagName).toBe('STRONG');
    expect(screen.queryByText(/shown in English for your language/)).toBeNull();
  });

  it('shows the English text with a notice in a language without a guide of its own', async () => {
    stubApi({ 'GET /api/sysAuth/userInfo': () => json(userInfo()) });
    await renderPage(<GuidePage />);
    await screen.findByRole('navigation', { name: 'Contents' });
    await loadMessages('de');
    try {
      await act(() => i18n.changeLanguage('de'));
      expect(await screen.findByRole('heading', { level: 2, name: 'Developer tools' })).toBeTruthy();
      expect(screen.getByRole('alert').textContent).toContain(
        'für Ihre Sprache wird es auf Englisch gezeigt',
      );
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});
