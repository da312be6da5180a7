import {
  CloseOutlined,
  CloseCircleOutlined,
  DownOutlined,
  FullscreenExitOutlined,
  FullscreenOutlined,
  MinusCircleOutlined,
  ReloadOutlined,
} from '@ant-design/icons';
import { Dropdown, type MenuProps } from 'antd';
import { useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import type { MenuTreeNode } from '../../../shared/session/types';
import { allowed, findByPath } from '../../routing/menu-routes';
import { useThemeConfig } from '../../settings/theme-config';
import { MenuIcon } from '../../../shared/ui/menu-icons';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import { HOME } from '../../routing/home-path';
import { matchRoute, shellRoutes } from '../views/shell-routes';
import { runTagAction, type TagAction } from './tag-actions';
import { onTagKey, tabStopOf } from './tag-keys';
import { tagHref, tagKey, useTagsStore, type Tag } from './tags-store';
import styles from './tags-view.module.css';

/** Paths of the menu nodes marked meta.isAffix that the user may open, in tree order. */
function affixPaths(tree: readonly MenuTreeNode[], roles: readonly string[]): string[] {
  const out: string[] = [];
  const walk = (nodes: readonly MenuTreeNode[]) => {
    for (const n of nodes) {
      if (!allowed(n, roles)) continue;
      if (n.path && n.meta.isAffix) out.push(n.path);
      walk(n.children ?? []);
    }
  };
  walk(tree);
  return out;
}

const STYLE_CLASS = {
  'tags-style-one': styles.styleOne,
  'tags-style-four': styles.styleFour,
  'tags-style-five': styles.styleFive,
} as const;

/**
 * The tags view under the header (SPEC 2): one tag per visited page, affix tags first and not
 * closable, the SPEC's actions in a context menu (right click) and in the dropdown at the end,
 * drag to sort when enabled, the list kept in session storage when enabled.
 */
export function TagsView({ tree, roles }: { tree: MenuTreeNode[]; roles: string[] }) {
  const { t } = useTranslation();
  const title = useRouteTitle();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const config = useThemeConfig();
  const tags = useTagsStore((s) => s.tags);
  const fullscreen = useTagsStore((s) => s.fullscreen);
  const routes = useMemo(() => shellRoutes(tree, roles), [tree, roles]);
  const currentKey = tagKey(pathname, search, config.isShareTagsView);
  const current = tags.find((tag) => tag.key === currentKey) ?? null;
  const dragFrom = useRef<number | null>(null);
  const [dragOver, setDragOver] = useState<number | null>(null);
  const activeRef = useRef<HTMLDivElement | null>(null);

  const { setAffix, setPersist, visit } = useTagsStore.getState();
  // Effect bodies in braces: an effect must return nothing or its cleanup function.
  useEffect(() => {
    setPersist(config.isCacheTagsView);
  }, [config.isCacheTagsView, setPersist]);
  useEffect(() => {
    setAffix(affixPaths(tree, roles));
  }, [tree, roles, setAffix]);
  // Only pages the shell can show get a tag; the not-found page does not.
  const known = !!matchRoute(routes, pathname);
  useEffect(() => {
    if (known) visit(pathname, search, config.isShareTagsView);
  }, [known, pathname, search, config.isShareTagsView, visit]);
  useEffect(() => {
    // Only the tags row scrolls, and only when the active tag is out of it: scrollIntoView would
    // lay out and scroll every ancestor (the whole page) on each switch.
    const tag = activeRef.current;
    const row = tag?.parentElement;
    if (!tag || !row || row.scrollWidth <= row.clientWidth) return;
    const left = tag.offsetLeft - row.offsetLeft;
    if (left < row.scrollLeft) row.scrollLeft = left;
    else if (left + tag.offsetWidth > row.scrollLeft + row.clientWidth)
      row.scrollLeft = left + tag.offsetWidth - row.clientWidth;
  }, [currentKey]);

  const act = (action: TagAction, tag: Tag | null) => {
    if (tag) runTagAction(action, tag, current?.key ?? null, navigate, HOME);
    else if (action === 'closeAll')
      runTagAction(action, { key: '', path: '', search: '', affix: true }, null, navigate, HOME);
  };

  const menuFor = (tag: Tag | null): MenuProps => ({
    items: [
      { key: 'refresh', icon: <ReloadOutlined />, label: t('shellx.tagRefresh'), disabled: !tag },
      { key: 'close', icon: <CloseOutlined />, label: t('shellx.tagClose'), disabled: !tag || tag.affix },
      {
        key: 'closeOthers',
        icon: <MinusCircleOutlined />,
        label: t('shellx.tagCloseOthers'),
        disabled: !tag,
      },
      { key: 'closeAll', icon: <CloseCircleOutlined />, label: t('shellx.tagCloseAll') },
      fullscreen
        ? { key: 'exitFullscreen', icon: <FullscreenExitOutlined />, label: t('shellx.exitFullscreen') }
        : { key: 'fullscreen', icon: <FullscreenOutlined />, label: t('shellx.fullscreen'), disabled: !tag },
    ],
    onClick: ({ key, domEvent }) => {
      domEvent.stopPropagation();
      act(key as TagAction, tag);
    },
  });

  const titleOf = (tag: Tag) => {
    const node = findByPath(tree, tag.path) ?? matchRoute(routes, tag.path)?.node;
    return node ? title(node) : tag.path;
  };
  const iconOf = (tag: Tag) => findByPath(tree, tag.path)?.meta.icon ?? null;
  const tabStop = tabStopOf(
    tags.map((tag) => tag.key),
    currentKey,
  );

  return (
    // A landmark of its own: the open pages are the shell's second navigation.
    <nav
      className={`${styles.bar} ${STYLE_CLASS[config.tagsStyle]}`}
      aria-label={t('shellx.tagsLabel')}
      data-testid="tags-view"
    >
      <div className={styles.scroll} role="tablist" aria-label={t('shellx.tagsLabel')}>
        {tags.map((tag, index) => {
          const active = tag.key === currentKey;
          return (
            <Dropdown key={tag.key} trigger={['contextMenu']} menu={menuFor(tag)}>
              <div
                ref={active ? activeRef : undefined}
                role="tab"
                aria-selected={active}
                tabIndex={tag.key === tabStop ? 0 : -1}
                onKeyDown={(e) =>
                  onTagKey(
                    e,
                    () => !active && void navigate(tagHref(tag), { flushSync: true }),
                    tag.affix ? null : () => act('close', tag),
                  )
                }
                data-tag={tag.key}
                className={[styles.tag, active && styles.active, dragOver === index && styles.dragOver]
                  .filter(Boolean)
                  .join(' ')}
                draggable={config.isSortableTagsView && !tag.affix}
                // Synchronous: the kept-alive page shows in the same frame, not after a transition.
                onClick={() => !active && void navigate(tagHref(tag), { flushSync: true })}
                onDragStart={(e) => {
                  dragFrom.current = index;
                  e.dataTransfer.effectAllowed = 'move';
                }}
                onDragOver={(e) => {
                  if (dragFrom.current === null) return;
                  e.preventDefault();
                  setDragOver(index);
                }}
                onDragLeave={() => setDragOver(null)}
                onDrop={(e) => {
                  e.preventDefault();
                  if (dragFrom.current !== null) useTagsStore.getState().move(dragFrom.current, index);
                  dragFrom.current = null;
                  setDragOver(null);
                }}
                onDragEnd={() => {
                  dragFrom.current = null;
                  setDragOver(null);
                }}
              >
                {config.isTagsviewIcon && <MenuIcon name={iconOf(tag)} />}
                <span className={styles.title}>{titleOf(tag)}</span>
                {!tag.affix && (
                  <CloseOutlined
                    className={styles.close}
                    aria-label={t('shellx.tagClose')}
                    onClick={(e) => {
                      e.stopPropagation();
                      act('close', tag);
                    }}
                  />
                )}
              </div>
            </Dropdown>
          );
        })}
      </div>
      <Dropdown trigger={['click']} menu={menuFor(current)} placement="bottomRight">
        <button
          type="button"
          className={styles.more}
          aria-label={t('shellx.tagActions')}
          data-testid="tags-actions"
        >
          <DownOutlined />
        </button>
      </Dropdown>
    </nav>
  );
}
