import { Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuTreeNode } from '../../shared/session/types';
import { allowed } from '../routing/menu-routes';
import { MenuIcon } from './menu-icons';
import { useRouteTitle } from './use-route-title';

type Item = Required<MenuProps>['items'][number];

interface Props {
  tree: MenuTreeNode[];
  roles: string[];
  collapsed: boolean;
}

/** Parents of the item that matches the location, so its group opens on first render. */
function ancestors(tree: MenuTreeNode[], path: string, trail: string[] = []): string[] | null {
  for (const node of tree) {
    if (node.path === path) return trail;
    const hit = node.children && ancestors(node.children, path, [...trail, node.path ?? node.id]);
    if (hit) return hit;
  }
  return null;
}

/** The side menu built from the server's menu tree: hidden items and foreign roles left out. */
export function SideMenu({ tree, roles, collapsed }: Props) {
  const title = useRouteTitle();
  const navigate = useNavigate();
  const { pathname } = useLocation();

  const items = useMemo(() => {
    const build = (nodes: MenuTreeNode[]): Item[] =>
      nodes
        .filter((n) => !n.meta.isHide && allowed(n, roles))
        .map((n) => {
          const children = n.children?.length ? build(n.children) : undefined;
          return { key: n.path ?? n.id, icon: <MenuIcon name={n.meta.icon} />, label: title(n), children };
        });
    return build(tree);
  }, [tree, roles, title]);

  // The groups above the current page open whenever the page changes; the user may open others.
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestors(tree, pathname) ?? []);
  const [openedFor, setOpenedFor] = useState(pathname);
  if (openedFor !== pathname) {
    setOpenedFor(pathname);
    const needed = ancestors(tree, pathname) ?? [];
    if (needed.some((k) => !openKeys.includes(k))) setOpenKeys([...new Set([...openKeys, ...needed])]);
  }

  const open: MenuProps['onClick'] = ({ key }) => {
    const node = findLink(tree, key);
    if (node?.meta.isLink && !node.meta.isIframe) window.open(node.meta.isLink, '_blank', 'noopener');
    else void navigate(key);
  };

  return (
    <Menu
      mode="inline"
      theme="dark"
      items={items}
      selectedKeys={[pathname]}
      {...(collapsed ? {} : { openKeys, onOpenChange: setOpenKeys })}
      onClick={open}
    />
  );
}

function findLink(tree: MenuTreeNode[], key: string): MenuTreeNode | undefined {
  for (const n of tree) {
    if ((n.path ?? n.id) === key) return n;
    const hit = n.children && findLink(n.children, key);
    if (hit) return hit;
  }
  return undefined;
}
