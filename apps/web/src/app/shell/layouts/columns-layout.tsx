import { useState } from 'react';
import { useLocation } from 'react-router';
import { SideMenu, useOpenMenuNode } from '../side-menu';
import type { ShellLayoutProps } from './layout-props';
import styles from './layouts.module.css';
import { activeTop, keyOf } from './menu-tree';
import { ShellBreadcrumb } from './shell-breadcrumb';
import { CollapseButton, ShellHeader } from './shell-header';
import { ShellMain } from './shell-main';
import { ColumnsRail } from './columns-rail';

/**
 * "columns": a narrow rail of first-level menus at the far left, and the side menu with the chosen
 * one's children next to it. With hover preload, pointing at a rail item previews its children.
 */
export function ColumnsLayout({ menus, title, logo, config, slots, footer }: ShellLayoutProps) {
  const { pathname } = useLocation();
  const open = useOpenMenuNode(menus);
  const current = activeTop(menus, pathname);
  const [preview, setPreview] = useState<string | null>(null);
  const shownKey = preview ?? (current ? keyOf(current) : null);
  const shown = menus.find((n) => keyOf(n) === shownKey);
  const children = shown?.children ?? [];
  const collapsed = config.isCollapse;

  return (
    <div className={styles.frame} data-layout="columns">
      {/* One navigation landmark for the rail and the side menu together: both are the product's menu. */}
      <nav aria-label="menu" className={styles.contents} onMouseLeave={() => setPreview(null)}>
        <ColumnsRail
          menus={menus}
          title={title}
          logo={config.isShowLogo ? logo : null}
          config={config}
          activeKey={current ? keyOf(current) : null}
          previewKey={preview}
          onPick={(node) => {
            setPreview(null);
            open(keyOf(node));
          }}
          onHover={
            config.isColumnsMenuHoverPreload
              ? (node) => setPreview(node.children?.length ? keyOf(node) : null)
              : undefined
          }
        />
        {children.length > 0 && (
          <aside className={`${styles.aside} ${collapsed ? styles.asideCollapsed : ''}`}>
            {config.isShowLogo && !collapsed && shown && (
              <div className={styles.columnsSideTitle}>{title}</div>
            )}
            <div className={styles.asideNav}>
              <SideMenu
                key={shownKey ?? ''}
                tree={children}
                collapsed={collapsed}
                uniqueOpened={config.isUniqueOpened}
                className={styles.menu}
              />
            </div>
          </aside>
        )}
      </nav>
      <div className={styles.column}>
        <ShellHeader fixed={config.isFixedHeader} tools={slots.headerTools}>
          {children.length > 0 && <CollapseButton collapsed={collapsed} />}
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
