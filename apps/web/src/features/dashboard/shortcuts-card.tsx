import { StarFilled, StarOutlined } from '@ant-design/icons';
import { Alert, Button, Card, Empty, Flex, Skeleton, Tabs, Tooltip, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { MenuIcon } from '../../shared/ui/menu-icons';
import { useRouteTitle } from '../../shared/routing/use-route-title';
import type { MenuTreeNode } from '../../shared/session/types';
import { useMenuTree, useUserInfo } from '../../shared/session/use-session';
import { useAppPagesOf } from '../../shared/routing/app-pages-context';
import { useFavouriteMenus } from './favourite-menus';
import { frequentApps } from './frequent-apps';
import styles from './home-page.module.css';

type Favourites = ReturnType<typeof useFavouriteMenus>;

function Tiles({
  pages,
  favourites,
  empty,
}: {
  pages: MenuTreeNode[];
  favourites: Favourites;
  empty?: string;
}) {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const { t } = useTranslation();
  if (!pages.length)
    return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={empty ?? t('home.shortcuts.empty')} />;
  return (
    <div className={styles.tiles}>
      {pages.map((page) => {
        const name = title(page);
        const starred = favourites.isFavourite(page.id);
        const label = t(starred ? 'config.favourites.remove' : 'config.favourites.add', { name });
        return (
          <div key={page.path ?? page.id} className={styles.tileWrap}>
            <button type="button" className={styles.tile} onClick={() => void navigate(page.path ?? '/')}>
              <span className={styles.tileIcon}>
                <MenuIcon name={page.meta.icon ?? null} />
              </span>
              <Typography.Text ellipsis>{name}</Typography.Text>
            </button>
            <Tooltip title={label}>
              <Button
                type="text"
                size="small"
                className={styles.star}
                aria-label={label}
                aria-pressed={starred}
                disabled={favourites.busy}
                icon={starred ? <StarFilled style={{ color: '#faad14' }} /> : <StarOutlined />}
                onClick={() => favourites.toggle(page.id)}
              />
            </Tooltip>
          </div>
        );
      })}
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
  const favourites = useFavouriteMenus();
  const starred = useMemo(() => {
    const byId = new Map(pages.map((p) => [p.id, p]));
    return favourites.ids.flatMap((id) => byId.get(id) ?? []);
  }, [pages, favourites.ids]);
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
              {
                key: 'favourites',
                label: t('config.favourites.title'),
                children: (
                  <Tiles pages={starred} favourites={favourites} empty={t('config.favourites.empty')} />
                ),
              },
              {
                key: 'frequent',
                label: t('home.shortcuts.frequent'),
                children: <Tiles pages={frequent} favourites={favourites} />,
              },
              {
                key: 'all',
                label: t('home.shortcuts.all'),
                children: <Tiles pages={pages} favourites={favourites} />,
              },
            ]}
          />
        </Flex>
      )}
    </Card>
  );
}
