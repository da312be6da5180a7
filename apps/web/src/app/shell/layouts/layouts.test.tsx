import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { saveTokens } from '../../../shared/api/tokens';
import { fakeJwt, nowSeconds } from '../../../test/jwt';
import { menuTree, sysInfo, userInfo } from '../../../test/fixtures';
import { json, preloadAppViews, renderApp, stubApi } from '../../../test/render-app';
import { chooseOptions, setTenantTheme } from '../../settings/tenant-defaults';
import { useThemeConfig, type LayoutKind } from '../../settings/theme-config';

// Lazy views loaded up front: an import in flight at the end of the file fails the run.
beforeAll(preloadAppViews, 60_000);

function api(info = sysInfo()) {
  return stubApi({
    'GET /api/sysTenant/sysInfo/1300000000001': () => json(info),
    'GET /api/sysAuth/userInfo': () => json(userInfo()),
    'GET /api/sysMenu/loginMenuTree': () => json(menuTree()),
  });
}

async function showShell(layout?: LayoutKind, info = sysInfo()) {
  api(info);
  saveTokens(fakeJwt(nowSeconds() + 3600), 'R1');
  if (layout) chooseOptions({ layout });
  await renderApp('/dashboard/home');
  // The first render compiles the shell's lazy chunks, which takes a while on a busy machine.
  return screen.findByRole('navigation', { name: 'menu' }, { timeout: 15_000 });
}

const frame = () => document.querySelector<HTMLElement>('[data-layout]');

afterEach(() => {
  vi.unstubAllGlobals();
  useThemeConfig.getState().reset();
  setTenantTheme(null);
});

describe('the four layouts', () => {
  it('defaults: the whole tree in the side menu, breadcrumb in the top bar', async () => {
    const nav = await showShell('defaults');
    expect(frame()?.dataset.layout).toBe('defaults');
    expect(within(nav).getByText('仪表盘')).toBeTruthy();
    expect(within(nav).getByText('系统管理')).toBeTruthy();
    expect(within(await screen.findByTestId('shell-breadcrumb')).getByText('工作台')).toBeTruthy();
  });

  it('classic: logo in a full-width top bar, side menu below; split menu puts first levels on top', async () => {
    const nav = await showShell('classic');
    expect(frame()?.dataset.layout).toBe('classic');
    expect(within(screen.getByTestId('shell-header')).getByTestId('shell-logo')).toBeTruthy();
    expect(within(nav).getByText('系统管理')).toBeTruthy();

    chooseOptions({ isClassicSplitMenu: true });
    const top = await screen.findByRole('navigation', { name: 'menu-top' });
    expect(within(top).getAllByText('系统管理').length).toBeGreaterThan(0);
    const side = screen.getByRole('navigation', { name: 'menu' });
    // The side menu now holds only the current first level's children.
    expect(within(side).getByText('工作台')).toBeTruthy();
    expect(within(side).queryByText('系统管理')).toBeNull();
  });

  it('transverse: the menu runs across the top bar and there is no side menu', async () => {
    const nav = await showShell('transverse');
    expect(frame()?.dataset.layout).toBe('transverse');
    expect(nav.closest('header')).toBeTruthy();
    expect(document.querySelector('aside')).toBeNull();
  });

  it('columns: a rail of first levels and a side menu with the current one’s children', async () => {
    const nav = await showShell('columns');
    const rail = within(nav).getByTestId('columns-rail');
    expect(within(rail).getByText('仪表盘')).toBeTruthy();
    expect(within(rail).getByText('系统管理')).toBeTruthy();
    expect(within(rail).getByText('仪表盘').closest('button')?.getAttribute('aria-current')).toBe('page');
    const side = nav.querySelector('aside')!;
    expect(within(side).getByText('工作台')).toBeTruthy();
    expect(within(side).queryByText('系统管理')).toBeNull();
    expect(rail.style.width).toBe('70px');
  });

  it('columns with hover preload: pointing at a rail item previews its children, leaving restores', async () => {
    chooseOptions({ isColumnsMenuHoverPreload: true });
    const nav = await showShell('columns');
    const side = () => nav.querySelector('aside')!;
    fireEvent.mouseEnter(within(screen.getByTestId('columns-rail')).getByText('系统管理').closest('button')!);
    await waitFor(() => expect(within(side()).getByText('字典管理')).toBeTruthy());
    fireEvent.mouseLeave(nav);
    await waitFor(() => expect(within(side()).getByText('工作台')).toBeTruthy());
  });
});

describe('page animation', () => {
  it('plays the configured transition on the page area, and the new one once changed', async () => {
    await showShell('defaults');
    const page = screen.getByTestId('shell-page');
    await waitFor(() => expect(page.className).toMatch(/fadeDown/));
    chooseOptions({ animation: 'slide-left' });
    await waitFor(() => expect(page.className).toMatch(/slideLeft/));
    expect(page.className).not.toMatch(/fadeDown/);
  });
});

describe('tenant defaults, user choice and title', () => {
  it('uses the tenant layout and colour until the user picks one; reset hands back to the tenant', async () => {
    await showShell(undefined, sysInfo({ layout: 'classic', themeColor: '#aa3300' }));
    await waitFor(() => expect(frame()?.dataset.layout).toBe('classic'));
    expect(frame()?.parentElement?.style.getPropertyValue('--shell-primary')).toBe('#aa3300');

    chooseOptions({ layout: 'transverse' });
    await waitFor(() => expect(frame()?.dataset.layout).toBe('transverse'));

    useThemeConfig.getState().reset();
    await waitFor(() => expect(frame()?.dataset.layout).toBe('classic'));
  });

  it('titles the page with the route name and the tenant title, or the configured global title', async () => {
    await showShell('defaults');
    await waitFor(() => expect(document.title).toBe('工作台 - Lintel Test'));
    expect(within(screen.getByTestId('shell-logo')).getByText('Lintel Test')).toBeTruthy();
    chooseOptions({ globalTitle: 'Back Office' });
    await waitFor(() => expect(document.title).toBe('工作台 - Back Office'));
  });

  it('shows the tenant copyright and ICP record in the footer, and hides it with the switch', async () => {
    await showShell(
      'defaults',
      sysInfo({ copyright: '© Acme', icp: 'ICP 123', icpUrl: 'https://icp.example' }),
    );
    const footer = await screen.findByTestId('shell-footer');
    expect(within(footer).getByText('© Acme')).toBeTruthy();
    expect(within(footer).getByText('ICP 123').getAttribute('href')).toBe('https://icp.example');
    chooseOptions({ isFooter: false });
    await waitFor(() => expect(screen.queryByTestId('shell-footer')).toBeNull());
  });
});
