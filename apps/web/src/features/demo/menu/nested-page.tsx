import { Breadcrumb, Descriptions, Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import type { MenuTreeNode } from '../../../shared/session/types';
import { useMenuTree } from '../../../shared/session/use-session';
import { DemoCard } from '../demo-card';

/** The menu nodes from the root down to the one at `path` (empty when none is). */
export function trailTo(tree: readonly MenuTreeNode[], path: string): MenuTreeNode[] {
  for (const node of tree) {
    if (node.path === path) return [node];
    const below = trailTo(node.children ?? [], path);
    if (below.length) return [node, ...below];
  }
  return [];
}

/** Every page of the nested-menu demo: where it sits in the menu, level by level. */
export default function NestedMenuPage() {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const { pathname } = useLocation();
  const trail = trailTo(useMenuTree().data ?? [], pathname);
  const here = trail.at(-1);
  return (
    <DemoCard title="routes.demoMenu" intro="demo.menu.intro">
      <Breadcrumb
        data-testid="nested-trail"
        items={trail.map((node, index) => ({
          key: node.id,
          title:
            index < trail.length - 1 && node.redirect ? (
              <Link to={node.redirect}>{title(node)}</Link>
            ) : (
              title(node)
            ),
        }))}
      />
      <Descriptions bordered size="small" column={1} style={{ marginTop: 16 }}>
        <Descriptions.Item label={t('demo.menu.page')}>
          <strong data-testid="nested-here">{here ? title(here) : pathname}</strong>
        </Descriptions.Item>
        <Descriptions.Item label={t('demo.menu.level')}>
          <Tag color="processing">{t('demo.menu.levelValue', { level: trail.length })}</Tag>
        </Descriptions.Item>
        <Descriptions.Item label={t('demo.menu.path')}>
          <code>{pathname}</code>
        </Descriptions.Item>
      </Descriptions>
    </DemoCard>
  );
}
