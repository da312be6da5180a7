import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { setNotifier } from '../../shared/api/notify';
import { saveTokens } from '../../shared/api/tokens';
import { local } from '../../shared/storage';
import { fakeJwt, nowSeconds } from '../../test/jwt';
import { menuTree, sysInfo, userInfo } from '../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../test/render-app';
import { setTenantTheme } from './tenant-defaults';
import { DEFAULT_THEME_CONFIG, THEME_CONFIG_KEY, useThemeConfig, type ThemeConfig } from './theme-config';

// Lazy views loaded up front: an import in flight at the end of the file fails the run.
beforeAll(preloadAppViews, 60_000);

const toast = { error: vi.fn(), success: vi.fn() };

async function openDrawer() {
  stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(sysInfo()),
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
  });
  saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');
  await renderApp('/dashboard/home');
  // The first render compiles the shell's lazy chunks, which takes a while on a busy machine.
  await userEvent.click(await screen.findByTestId('open-settings', {}, { timeout: 15_000 }));
  return screen.findByRole('dialog', {}, { timeout: 15_000 });
}

const saved = () => local.get<ThemeConfig>(THEME_CONFIG_KEY);

beforeEach(() => setNotifier(toast));

afterEach(() => {
  vi.unstubAllGlobals();
  vi.clearAllMocks();
  setNotifier(null);
  useThemeConfig.getState().reset();
  setTenantTheme(null);
});

describe('layout configuration drawer', () => {
  it('applies a layout picked from the pictures at once and keeps it', async () => {
    const drawer = await openDrawer();
    expect(within(drawer).getByTestId('layout-columns').getAttribute('aria-pressed')).toBe('true');
    await userEvent.click(within(drawer).getByTestId('layout-transverse'));
    await waitFor(() =>
      expect(document.querySelector('[data-layout]')?.getAttribute('data-layout')).toBe('transverse'),
    );
    expect(saved()?.layout).toBe('transverse');
  });

  it('turns on dark, grey and weak-colour modes live, persists them, and reset restores the defaults', async () => {
    const drawer = await openDrawer();
    for (const name of ['isDark', 'isGrayscale', 'isInvert'] as const)
      await userEvent.click(within(within(drawer).getByTestId(`setting-${name}`)).getByRole('switch'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('dark'));
    expect(document.documentElement.style.filter).toBe('grayscale(1) invert(80%)');
    expect(saved()).toMatchObject({ isDark: true, isGrayscale: true, isInvert: true });

    await userEvent.click(within(drawer.ownerDocument.body).getByTestId('settings-reset'));
    await waitFor(() => expect(document.documentElement.dataset.theme).toBe('light'));
    expect(document.documentElement.style.filter).toBe('');
    expect(saved()).toBeNull();
    expect(useThemeConfig.getState().isDark).toBe(DEFAULT_THEME_CONFIG.isDark);
    expect(toast.success).toHaveBeenCalledWith('已恢复默认配置');
  });

  it('shows and removes the watermark with its switch, and puts it back when its node is deleted', async () => {
    const drawer = await openDrawer();
    await userEvent.click(within(within(drawer).getByTestId('setting-isWatermark')).getByRole('switch'));
    const mark = await waitFor(() => document.getElementById('lintel-watermark')!);
    expect(mark.style.pointerEvents).toBe('none');
    mark.remove();
    await waitFor(() => expect(document.getElementById('lintel-watermark')).toBeTruthy());
    await userEvent.click(within(within(drawer).getByTestId('setting-isWatermark')).getByRole('switch'));
    await waitFor(() => expect(document.getElementById('lintel-watermark')).toBeNull());
  });

  it('copies the configuration as JSON to the clipboard and says so', async () => {
    const writeText = vi.fn().mockResolvedValue(undefined);
    vi.stubGlobal('navigator', { ...navigator, clipboard: { writeText } });
    await openDrawer();
    useThemeConfig.getState().set({ watermarkText: 'Acme' });
    await userEvent.click(screen.getByTestId('settings-copy'));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith('复制成功'));
    expect(JSON.parse(String(writeText.mock.calls[0]?.[0]))).toMatchObject({
      layout: 'columns',
      watermarkText: 'Acme',
    });
  });

  it('reports a refused clipboard as a copy failure', async () => {
    vi.stubGlobal('navigator', {
      ...navigator,
      clipboard: { writeText: vi.fn().mockRejectedValue(new Error('denied')) },
    });
    await openDrawer();
    await userEvent.click(screen.getByTestId('settings-copy'));
    await waitFor(() => expect(toast.error).toHaveBeenCalledWith('复制失败，请重试'));
  });

  it('sizes antd components from the component size option', async () => {
    const drawer = await openDrawer();
    expect(screen.getByTestId('open-settings').className).toContain('ant-btn-sm');
    await userEvent.click(within(within(drawer).getByTestId('setting-componentSize')).getByRole('combobox'));
    await userEvent.click(await screen.findByTitle('大型'));
    await waitFor(() => expect(screen.getByTestId('open-settings').className).toContain('ant-btn-lg'));
    expect(saved()?.componentSize).toBe('large');
  });

  it('changes number options live and keeps an emptied number at its last value', async () => {
    const drawer = await openDrawer();
    const width = within(within(drawer).getByTestId('setting-columnsMenuWidth')).getByRole('spinbutton');
    await userEvent.clear(width);
    await userEvent.type(width, '90');
    await waitFor(() => expect(saved()?.columnsMenuWidth).toBe(90));
    await userEvent.clear(width);
    expect(useThemeConfig.getState().columnsMenuWidth).toBe(90);
    await waitFor(() => expect(screen.getByTestId('columns-rail').style.width).toBe('90px'));
  });
});
