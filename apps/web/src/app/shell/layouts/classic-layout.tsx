import { useLocation } from 'react-router';
import { SideMenu } from '../side-menu';
import type { ShellLayoutProps } from './layout-props';
import styles from './layouts.module.css';
import { activeTop, keyOf } from './menu-tree';
import { ShellBreadcrumb } from './shell-breadcrumb';
import { CollapseButton, ShellHeader } from './shell-header';
import { ShellLogo } from './shell-logo';
import { ShellMain } from './shell-main';

/**
 * "classic": a full-width top bar with the logo, the side menu below it. With the classic split menu
 * the top bar lists the first-level menus and the side menu only the children of the current one.
 */
export function ClassicLayout({ menus, title, logo, config, slots, footer }: ShellLayoutProps) {
  const { pathname } = useLocation();
  const collapsed = config.isCollapse;
  const split = config.isClassicSplitMenu;
  const top = activeTop(menus, pathname);
  // A first-level page without children has nothing to list at the side: the side menu then folds away.
  const sideNodes = split ? (top?.children ?? []) : menus;
  return (
    <div className={`${styles.frame} ${styles.frameStacked}`} data-layout="classic">
      <ShellHeader fixed={config.isFixedHeader} tools={slots.headerTools}>
        {config.isShowLogo && <ShellLogo title={title} logo={logo} />}
        <CollapseButton collapsed={collapsed} />
        {split ? (
          <nav aria-label="menu-top" className={styles.topNav}>
            <SideMenu
              tree={menus}
              mode="horizontal"
              flat
              selectedKey={top ? keyOf(top) : ''}
              className={styles.topMenu}
            />
          </nav>
        ) : (
          config.isBreadcrumb && <ShellBreadcrumb menus={menus} withIcon={config.isBreadcrumbIcon} />
        )}
      </ShellHeader>
      <div className={styles.row}>
        {sideNodes.length > 0 && (
          <aside className={`${styles.aside} ${styles.asideBelow} ${collapsed ? styles.asideCollapsed : ''}`}>
            <nav aria-label="menu" className={styles.asideNav}>
              <SideMenu
                tree={sideNodes}
                collapsed={collapsed}
                uniqueOpened={config.isUniqueOpened}
                className={styles.menu}
              />
            </nav>
          </aside>
        )}
        <div className={styles.column}>
          {split && config.isBreadcrumb && (
            <div className={styles.breadcrumbBar}>
              <ShellBreadcrumb menus={menus} withIcon={config.isBreadcrumbIcon} />
            </div>
          )}
          <ShellMain
            tagsView={slots.tagsView}
            content={slots.content}
            footer={footer}
            animation={config.animation}
          />
        </div>
      </div>
    </div>
  );
}
