import { useMemo, type ReactNode } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { TagsControlContext, type TagsControl } from '../../../shared/routing/tags-control';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import type { MenuTreeNode } from '../../../shared/session/types';
import { HOME } from '../../routing/home-path';
import { findByPath } from '../../routing/menu-routes';
import { useThemeConfig } from '../../settings/theme-config';
import { matchRoute, shellRoutes } from '../views/shell-routes';
import { runTagAction } from './tag-actions';
import { tagHref, tagKey, useTagsStore } from './tags-store';

/** Gives pages the tags view's tags and actions (the tags demo drives them), the same the tags' menu runs. */
export function TagsControlProvider(props: { tree: MenuTreeNode[]; roles: string[]; children: ReactNode }) {
  const { tree, roles, children } = props;
  const navigate = useNavigate();
  const title = useRouteTitle();
  const { pathname, search } = useLocation();
  const config = useThemeConfig();
  const tags = useTagsStore((s) => s.tags);
  const routes = useMemo(() => shellRoutes(tree, roles), [tree, roles]);
  const currentKey = tagKey(pathname, search, config.isShareTagsView);
  const value = useMemo((): TagsControl | null => {
    if (!config.isTagsview) return null;
    const current = tags.some((tag) => tag.key === currentKey) ? currentKey : null;
    return {
      currentKey: current,
      tags: tags.map((tag) => {
        const node = findByPath(tree, tag.path) ?? matchRoute(routes, tag.path)?.node;
        return { key: tag.key, href: tagHref(tag), title: node ? title(node) : tag.path, affix: tag.affix };
      }),
      run(command, key) {
        const tag =
          command === 'closeAll'
            ? { key: '', path: '', search: '', affix: true }
            : useTagsStore.getState().tags.find((t) => t.key === key);
        if (tag) runTagAction(command, tag, command === 'closeAll' ? null : current, navigate, HOME);
      },
    };
  }, [config.isTagsview, tags, currentKey, tree, routes, title, navigate]);
  return <TagsControlContext.Provider value={value}>{children}</TagsControlContext.Provider>;
}
