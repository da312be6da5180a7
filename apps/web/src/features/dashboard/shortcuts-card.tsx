import { Alert, Button, Card, Empty, Flex, Skeleton, Tabs, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../shared/ui/menu-icons';
import { useRouteTitle } from '../../shared/routing/use-route-title';
import type { MenuTreeNode } from '../../shared/session/types';
import { useMenuTree, useUserInfo } from '../../shared/session/use-session';
import { useAppPagesOf } from '../../shared/routing/app-pages-context';
import { frequentApps } from './frequent-apps';
import styles from './home-page.module.css';

function Tiles({ pages }: { pages: MenuTreeNode[] }) {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!pages.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t('home.shortcuts.empty')} />;
  return (
    <div className={styles.tiles}>
      {pages.map((page) => (
        <button
          key={page.path ?? page.id}
          type="button"
          className={styles.tile}
          onClick={() => void navigate(page.path ?? '/')}
        >
          <span className={styles.tileIcon}>
            <MenuIcon name={page.meta.icon ?? null} />
          </span>
          <Typography.Text ellipsis>{title(page)}</Typography.Text>
        </button>
      ))}
    </div>
  );
}

/** Shortcuts: every page the user has, and the ones opened most often on this device. */
export function ShortcutsCard() {
  const { t } = useTranslation();
  const tree = useMenuTree();
  const roles = useUserInfo().data?.roles;
  const appPages = useAppPagesOf();
  const pages = useMemo(
    () => (tree.data && roles ? appPages(tree.data, roles) : []),
    [appPages, tree.data, roles],
  );
  const frequent = useMemo(() => {
    const byPath = new Map(pages.map((p) => [p.path, p]));
    return frequentApps().flatMap((path) => byPath.get(path) ?? []);
  }, [pages]);

  return (
    <Card title={t('home.shortcuts.title')} data-testid="shortcuts">
      {tree.isPending ? (
        <Skeleton active paragraph={{ rows: 2 }} />
      ) : tree.isError ? (
        <Alert
          type="error"
          showIcon
          title={t('home.loadFailed')}
          action={
            <Button size="small" onClick={() => void tree.refetch()}>
              {t('home.retry')}
            </Button>
          }
        />
      ) : (
        <Flex vertical>
          <Tabs
            size="small"
            items={[
              { key: 'frequent', label: t('home.shortcuts.frequent'), children: <Tiles pages={frequent} /> },
              { key: 'all', label: t('home.shortcuts.all'), children: <Tiles pages={pages} /> },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
