import { MenuFoldOutlined, MenuUnfoldOutlined } from '@ant-design/icons';
import { Button, Flex, Layout } from 'antd';
import { lazy, Suspense, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes } from 'react-router';
import type { MenuTreeNode } from '../../shared/session/types';
import { useMenuTree, useUserInfo } from '../../shared/session/use-session';
import { LanguageSwitch } from '../../shared/ui/language-switch';
import { LoadingOverlay } from '../loading-overlay';
import { viewRoutes } from '../routing/menu-routes';
import { VIEWS } from '../routing/views';
import styles from './app-shell.module.css';
import { SideMenu } from './side-menu';
import { usePageTitle } from './use-page-title';
import { UserMenu } from './user-menu';

const NotFoundPage = lazy(() => import('../../features/errors/not-found-page'));

const GLOBAL_TITLE = 'Lintel';
const NO_MENUS: MenuTreeNode[] = [];

/** The signed-in frame: side menu, top bar, and the views the menu tree registers. */
export default function AppShell() {
  const { t } = useTranslation();
  // The guard renders the shell once both are loaded; they vanish only while signing out.
  const user = useUserInfo().data;
  const tree = useMenuTree().data;
  const [collapsed, setCollapsed] = useState(false);
  const routes = useMemo(() => (tree && user ? viewRoutes(tree, user.roles) : []), [tree, user]);
  usePageTitle(tree ?? NO_MENUS, GLOBAL_TITLE);
  if (!user || !tree) return null;

  return (
    <Layout className={styles.shell}>
      <Layout.Sider collapsible trigger={null} collapsed={collapsed} width={220} className={styles.sider}>
        <div className={styles.logo}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          {!collapsed && <span>{GLOBAL_TITLE}</span>}
        </div>
        <nav aria-label="menu">
          <SideMenu tree={tree} roles={user.roles} collapsed={collapsed} />
        </nav>
      </Layout.Sider>
      <Layout>
        <Layout.Header className={styles.header}>
          <Button
            type="text"
            aria-label={t('layout.collapse')}
            icon={collapsed ? <MenuUnfoldOutlined /> : <MenuFoldOutlined />}
            onClick={() => setCollapsed((c) => !c)}
          />
          <Flex align="center" gap={16}>
            <LanguageSwitch />
            <UserMenu user={user} />
          </Flex>
        </Layout.Header>
        <Layout.Content className={styles.content}>
          <Suspense fallback={<LoadingOverlay />}>
            <Routes>
              <Route index element={<Navigate to="/dashboard/home" replace />} />
              {routes.map(({ path, component }) => {
                const View = VIEWS[component]!;
                return <Route key={path} path={path} element={<View />} />;
              })}
              <Route path="*" element={<NotFoundPage />} />
            </Routes>
          </Suspense>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
