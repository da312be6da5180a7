import { ConfigProvider, Menu, type MenuProps } from 'antd';
import { useMemo, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuTreeNode } from '../../shared/session/types';
import { framePalette, menuTokens } from '../settings/frame-palette';
import { useEffectiveThemeConfig } from '../settings/tenant-defaults';
import { findByKey, keyOf, landingPath, trailTo } from './layouts/menu-tree';
import { MenuIcon } from '../../shared/ui/menu-icons';
import { useRouteTitle } from '../../shared/routing/use-route-title';

type Item = Required<MenuProps>['items'][number];

interface Props {
  /** The visible nodes to show (the whole tree, or one first-level node's children). */
  tree: MenuTreeNode[];
  mode?: 'inline' | 'horizontal';
  collapsed?: boolean;
  /** Accordion: opening a group closes the groups that are not its ancestors. */
  uniqueOpened?: boolean;
  /** Show only these nodes, without their children (the classic split menu's top row). */
  flat?: boolean;
  /** The key to mark as selected, when it is not the location (the first-level row marks its group). */
  selectedKey?: string;
  className?: string;
}

/** Opens a menu entry: a link in a new tab, a folder on its landing page, a page on its route. */
export function useOpenMenuNode(tree: MenuTreeNode[]) {
  const navigate = useNavigate();
  return (key: string) => {
    const node = findByKey(tree, key);
    if (!node) return;
    if (node.meta.isLink && !node.meta.isIframe) {
      window.open(node.meta.isLink, '_blank', 'noopener');
      return;
    }
    const to = node.children?.length ? landingPath(node) : node.path;
    if (to) void navigate(to);
  };
}

/** The frame's menu built from the server's menu tree (already filtered to what the user may see). */
export function SideMenu({
  tree,
  mode = 'inline',
  collapsed,
  uniqueOpened,
  flat,
  selectedKey,
  className,
}: Props) {
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const open = useOpenMenuNode(tree);
  const config = useEffectiveThemeConfig();
  const menuTheme = useMemo(
    () => ({ components: { Menu: menuTokens(framePalette(config), mode === 'inline' ? 'side' : 'top') } }),
    [config, mode],
  );

  const items = useMemo(() => {
    const build = (nodes: MenuTreeNode[]): Item[] =>
      nodes.map((n) => ({
        key: keyOf(n),
        icon: <MenuIcon name={n.meta.icon} />,
        label: title(n),
        children: !flat && n.children?.length ? build(n.children) : undefined,
      }));
    return build(tree);
  }, [tree, title, flat]);

  // The groups above the current page open whenever the page changes; the user may open others.
  const ancestorsOf = (key: string) => trailTo(tree, key).slice(0, -1).map(keyOf);
  const [openKeys, setOpenKeys] = useState<string[]>(() => ancestorsOf(pathname));
  const [openedFor, setOpenedFor] = useState(pathname);
  if (openedFor !== pathname) {
    setOpenedFor(pathname);
    const needed = ancestorsOf(pathname);
    if (needed.some((k) => !openKeys.includes(k)))
      setOpenKeys(uniqueOpened ? needed : [...new Set([...openKeys, ...needed])]);
  }

  const onOpenChange = (keys: string[]) => {
    const opened = keys.find((k) => !openKeys.includes(k));
    // Accordion: keep only the newly opened group and its own ancestors.
    setOpenKeys(uniqueOpened && opened ? [...ancestorsOf(opened), opened] : keys);
  };

  const inline = mode === 'inline';
  return (
    <ConfigProvider theme={menuTheme}>
      <Menu
        mode={mode}
        className={className}
        items={items}
        selectedKeys={[selectedKey ?? pathname]}
        {...(inline ? { inlineCollapsed: !!collapsed } : {})}
        {...(inline && !collapsed ? { openKeys, onOpenChange } : {})}
        onClick={({ key }) => open(key)}
      />
    </ConfigProvider>
  );
}
