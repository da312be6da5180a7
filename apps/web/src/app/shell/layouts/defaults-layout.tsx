import { SideMenu } from '../side-menu';
import type { ShellLayoutProps } from './layout-props';
import styles from './layouts.module.css';
import { ShellBreadcrumb } from './shell-breadcrumb';
import { CollapseButton, ShellHeader } from './shell-header';
import { ShellLogo } from './shell-logo';
import { ShellMain } from './shell-main';

/** "defaults": the side menu on the left (logo on top), the top bar beside it. */
export function DefaultsLayout({ menus, title, logo, config, slots, footer }: ShellLayoutProps) {
  const collapsed = config.isCollapse;
  return (
    <div className={styles.frame} data-layout="defaults">
      <aside className={`${styles.aside} ${collapsed ? styles.asideCollapsed : ''}`}>
        {config.isShowLogo && <ShellLogo title={title} logo={logo} iconOnly={collapsed} />}
        <nav aria-label="menu" className={styles.asideNav}>
          <SideMenu
            tree={menus}
            collapsed={collapsed}
            uniqueOpened={config.isUniqueOpened}
            className={styles.menu}
          />
        </nav>
      </aside>
      <div className={styles.column}>
        <ShellHeader fixed={config.isFixedHeader} tools={slots.headerTools}>
          <CollapseButton collapsed={collapsed} />
          {config.isBreadcrumb && <ShellBreadcrumb menus={menus} withIcon={config.isBreadcrumbIcon} />}
        </ShellHeader>
        <ShellMain
          tagsView={slots.tagsView}
          content={slots.content}
          footer={footer}
          animation={config.animation}
        />
      </div>
    </div>
  );
}
