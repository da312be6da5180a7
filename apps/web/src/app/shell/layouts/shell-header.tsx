import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { chooseOptions } from '../../settings/tenant-defaults';
import styles from './layouts.module.css';

interface Props {
  /** What the layout puts at the left: logo, collapse button, breadcrumb, a horizontal menu. */
  children: ReactNode;
  /** SLOT headerTools (from app-shell.tsx). */
  tools: ReactNode;
  fixed: boolean;
}

/** The top bar of every layout: the layout's own left part and the shared tools at the right. */
export function ShellHeader({ children, tools, fixed }: Props) {
  return (
    <header className={`${styles.header} ${fixed ? styles.headerFixed : ''}`} data-testid="shell-header">
      <div className={styles.headerLeft}>{children}</div>
      {/* SLOT headerTools: language, settings, user menu; lock and fullscreen buttons go here too. */}
      <div className={styles.headerTools}>{tools}</div>
    </header>
  );
}

/** The fold button of the side menu; the state is the persisted `isCollapse` option. */
export function CollapseButton({ collapsed }: { collapsed: boolean }) {
  const { t } = useTranslation();
  return (
    <Button
      type="text"
      className={styles.barButton}
      aria-label={t('layout.collapse')}
      icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
      onClick={() => chooseOptions({ isCollapse: !collapsed })}
    />
  );
}
