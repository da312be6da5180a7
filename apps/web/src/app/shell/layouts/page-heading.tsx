import { useLocation } from 'react-router';
import { useMenuTree } from '../../../shared/session/use-session';
import { findByPath } from '../../routing/menu-routes';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import styles from './layouts.module.css';

/**
 * The page's one `<h1>`: its menu title, as the tab and the document title say it. Sighted users
 * see that title in the breadcrumb and the tags; the heading is for screen readers, which list and
 * jump by headings (the pages' own headings and card titles sit below it).
 */
export function PageHeading() {
  const tree = useMenuTree().data;
  const { pathname } = useLocation();
  const title = useRouteTitle();
  const node = tree && findByPath(tree, pathname);
  return node ? <h1 className={styles.visuallyHidden}>{title(node)}</h1> : null;
}
