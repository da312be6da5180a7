import { useEffect } from 'react';
import { useLocation } from 'react-router';
import type { MenuTreeNode } from '../../shared/session/types';
import { findByPath } from '../routing/menu-routes';
import { useRouteTitle } from '../../shared/routing/use-route-title';

/** SPEC 2: the document title is "<translated route name> - <global title>". */
export function usePageTitle(tree: MenuTreeNode[], globalTitle: string): void {
  const { pathname } = useLocation();
  const title = useRouteTitle();
  useEffect(() => {
    const node = findByPath(tree, pathname);
    document.title = node ? `${title(node)} - ${globalTitle}` : globalTitle;
  }, [tree, pathname, title, globalTitle]);
}
