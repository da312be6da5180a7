import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, type ComponentType } from 'react';
import { fetchSysInfo, sessionKeys } from '../../shared/session/session-api';
import type { MenuTreeNode } from '../../shared/session/types';
import { useMenuTree, useUserInfo } from '../../shared/session/use-session';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { SettingsButton, SettingsDrawerHost } from '../settings/settings-button';
import { setTenantTheme, useEffectiveThemeConfig } from '../settings/tenant-defaults';
import type { LayoutKind } from '../settings/theme-config';
import { Watermark } from '../settings/watermark';
import { useFrameStyle } from '../settings/use-frame-style';
import { ClassicLayout } from './layouts/classic-layout';
import { ColumnsLayout } from './layouts/columns-layout';
import { DefaultsLayout } from './layouts/defaults-layout';
import type { ShellLayoutProps, ShellSlots } from './layouts/layout-props';
import { visibleTree } from './layouts/menu-tree';
import { TransverseLayout } from './layouts/transverse-layout';
import { ShellFooter } from './layouts/shell-footer';
import { SkipLink } from './layouts/skip-link';
import { usePageTitle } from './use-page-title';
import { UserMenu } from './user-menu';
import { IdleTimeout } from './idle/idle-timeout';
import { useTableFixes } from './table-a11y';
import { LockButton, LockScreen } from './lock/lock-screen';
import { TagsView } from './tags/tags-view';
import { TagsControlProvider } from './tags/tags-control-provider';
import { UpgradePrompt } from './upgrade/upgrade-prompt';
import { ViewOutlet } from './views/view-outlet';
import { RealtimeConnector } from '../../shared/realtime/realtime-connector';
import { NoticeBell } from '../../features/message/notice-bell';

/** Used until the tenant's info arrives, and when it cannot be read (SPEC 8: default logo). */
const FALLBACK_TITLE = 'Lintel';
const DEFAULT_LOGO = '/upload/logo.png';
const NO_MENUS: MenuTreeNode[] = [];

const LAYOUTS: Record<LayoutKind, ComponentType<ShellLayoutProps>> = {
  defaults: DefaultsLayout,
  classic: ClassicLayout,
  transverse: TransverseLayout,
  columns: ColumnsLayout,
};

/** The signed-in frame: the user's layout around the views the menu tree registers. */
export default function AppShell() {
  // The guard renders the shell once both are loaded; they vanish only while signing out.
  const user = useUserInfo().data;
  const tree = useMenuTree().data;
  const tenantId = user?.tenantId ?? '';
  // Usually cached already by the sign-in page; a reload of a signed-in page fetches it here.
  const sysInfo = useQuery({
    queryKey: sessionKeys.sysInfo(tenantId),
    queryFn: () => fetchSysInfo(tenantId),
    staleTime: 60_000,
    enabled: !!tenantId,
  }).data;
  useEffect(() => {
    setTenantTheme(
      sysInfo
        ? { themeColor: sysInfo.themeColor, layout: sysInfo.layout, animation: sysInfo.animation }
        : null,
    );
  }, [sysInfo]);

  const config = useEffectiveThemeConfig();
  const title = config.globalTitle.trim() || sysInfo?.title || FALLBACK_TITLE;
  const menus = useMemo(() => (tree && user ? visibleTree(tree, user.roles) : NO_MENUS), [tree, user]);
  const frameStyle = useFrameStyle(config);
  usePageTitle(tree ?? NO_MENUS, title);
  useTableFixes();
  if (!user || !tree) return null;

  const slots: ShellSlots = {
    // SLOT headerTools: the right side of every layout's top bar. A lock button or a fullscreen
    // toggle goes in this fragment (before the gear); nothing else needs to change.
    headerTools: (
      <>
        {/* The language switch follows the drawer's i18n switch and the tenant's i18NSwitch. */}
        {config.isI18n && sysInfo?.i18NSwitch !== false && <LanguageSwitch />}
        <NoticeBell />
        <LockButton />
        <SettingsButton />
        <UserMenu user={user} />
      </>
    ),
    // SLOT tagsView: rendered under the top bar in every layout (tags/tags-view.tsx). It gets the
    // whole tree, not `menus`: hidden pages are still pages, with tags.
    tagsView: config.isTagsview ? <TagsView tree={tree} roles={user.roles} /> : null,
    // SLOT content: the keep-alive outlet (views/view-outlet.tsx): menu routes, iframes, links, `/`
    // and the 404 page; the layouts add the page animation, the breadcrumb and the footer around it.
    content: <ViewOutlet tree={tree} roles={user.roles} />,
  };

  const Layout = LAYOUTS[config.layout];
  return (
    <div className="lintel-shell" style={frameStyle} data-testid="app-shell">
      <SkipLink />
      <TagsControlProvider tree={tree} roles={user.roles}>
        <Layout
          menus={menus}
          title={title}
          logo={sysInfo?.logo || DEFAULT_LOGO}
          config={config}
          slots={slots}
          footer={config.isFooter ? <ShellFooter info={sysInfo} /> : null}
        />
      </TagsControlProvider>
      {config.isWatermark && (
        // The drawer's text wins; then the account's own text, the tenant's, and the account name.
        <Watermark
          text={config.watermarkText.trim() || user.watermarkText || sysInfo?.watermark || user.account}
        />
      )}
      <SettingsDrawerHost />
      {/* SLOT overlays: full-screen layers over the frame (lock screen, idle timeout, upgrade prompt). */}
      <LockScreen user={user} />
      <IdleTimeout tenantId={user.tenantId} />
      <UpgradePrompt />
      <RealtimeConnector />
    </div>
  );
}
