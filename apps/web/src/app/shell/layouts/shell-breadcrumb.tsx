import { Breadcrumb } from 'antd';
import { useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import type { MenuTreeNode } from '../../../shared/session/types';
import { MenuIcon } from '../../../shared/ui/menu-icons';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import styles from './layouts.module.css';
import { landingPath, trailTo } from './menu-tree';

/** The menu trail of the current page; folders lead to their first page, the last item is plain text. */
export function ShellBreadcrumb({ menus, withIcon }: { menus: MenuTreeNode[]; withIcon: boolean }) {
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const title = useRouteTitle();
  const trail = useMemo(() => trailTo(menus, pathname), [menus, pathname]);
  if (!trail.length) return null;
  return (
    <Breadcrumb
      className={styles.breadcrumb}
      data-testid="shell-breadcrumb"
      items={trail.map((node, i) => {
        const label = (
          <span className={styles.crumb}>
            {withIcon && <MenuIcon name={node.meta.icon} />}
            {title(node)}
          </span>
        );
        const to = i < trail.length - 1 ? landingPath(node) : null;
        return {
          key: node.id,
          title: to ? (
            <a
              href={to}
              onClick={(e) => {
                e.preventDefault();
                void navigate(to);
              }}
            >
              {label}
            </a>
          ) : (
            label
          ),
        };
      })}
    />
  );
}
