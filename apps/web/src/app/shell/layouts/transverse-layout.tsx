import { SideMenu } from '../side-menu';
import type { ShellLayoutProps } from './layout-props';
import styles from './layouts.module.css';
import { ShellHeader } from './shell-header';
import { ShellLogo } from './shell-logo';
import { ShellMain } from './shell-main';

/** "transverse": the whole menu runs across the top bar; there is no side menu. */
export function TransverseLayout({ menus, title, logo, config, slots, footer }: ShellLayoutProps) {
  return (
    <div className={`${styles.frame} ${styles.frameStacked}`} data-layout="transverse">
      <ShellHeader fixed={config.isFixedHeader} tools={slots.headerTools}>
        {config.isShowLogo && <ShellLogo title={title} logo={logo} />}
        <nav aria-label="menu" className={styles.topNav}>
          <SideMenu tree={menus} mode="horizontal" className={styles.topMenu} />
        </nav>
      </ShellHeader>
      <ShellMain
        tagsView={slots.tagsView}
        content={slots.content}
        footer={footer}
        animation={config.animation}
      />
    </div>
  );
}
