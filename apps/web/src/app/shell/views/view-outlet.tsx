import { FullscreenExitOutlined } from '@ant-design/icons';
import { Button, Spin } from 'antd';
import { Activity, lazy, memo, Suspense, useEffect, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, Route, Routes, useLocation, type Location } from 'react-router';
import type { MenuTreeNode } from '../../../shared/session/types';
import { useThemeConfig } from '../../settings/theme-config';
import { homeOf } from '../../routing/home-path';
import { isForbiddenPage } from '../../routing/page-access';
import { VIEWS } from '../../routing/views';
import { useSessionEnded } from '../idle/session-ended';
import { tagKey, useTagsStore } from '../tags/tags-store';
import { useRouteTitle } from '../../../shared/routing/use-route-title';
import { IframeView } from './iframe-view';
import { LinkView } from './link-view';
import { touchLru } from './keep-alive';
import { recordPageVisit } from './record-visit';
import { matchRoute, shellRoutes, type ShellRoute } from './shell-routes';
import styles from './views.module.css';

const NotFoundPage = lazy(() => import('../../../features/errors/not-found-page'));

interface Entry {
  key: string;
  /** Order of first showing: the DOM order of kept-alive pages never changes (a moved iframe reloads). */
  seq: number;
  route: ShellRoute;
  location: Location;
}

function PageLoading() {
  return (
    <div className={styles.pageLoading}>
      <Spin />
    </div>
  );
}

/**
 * One page: its own location (a hidden kept-alive page keeps the address it was opened with).
 * Memoised: showing another tag must not re-render the hidden pages.
 */
const RoutePage = memo(function RoutePage({ entry, refresh }: { entry: Entry; refresh: number }) {
  const title = useRouteTitle();
  const { route } = entry;
  let element: ReactNode;
  if (route.kind === 'iframe') {
    element = <IframeView key={refresh} src={route.src} title={title(route.node)} />;
  } else if (route.kind === 'link') {
    element = <LinkView href={route.href} title={title(route.node)} />;
  } else {
    const View = VIEWS[route.component]!;
    element = <View key={refresh} />;
  }
  return (
    <Suspense fallback={<PageLoading />}>
      <Routes location={entry.location}>
        <Route path={route.path} element={element} />
      </Routes>
    </Suspense>
  );
});

/**
 * The content area of the shell: the page of the current address among the menu tree's routes.
 * Pages whose meta.isKeepAlive is set stay mounted, hidden by React's <Activity>, so switching back
 * to their tag keeps their state; at most KEEP_ALIVE_CAP of them, least recently shown evicted.
 * Closing a tag evicts its page; refreshing a tag remounts it.
 */
export function ViewOutlet({ tree, roles }: { tree: MenuTreeNode[]; roles: string[] }) {
  const { t } = useTranslation();
  const location = useLocation();
  const routes = useMemo(() => shellRoutes(tree, roles), [tree, roles]);
  const home = useMemo(() => homeOf(routes), [routes]);
  const shared = useThemeConfig((s) => s.isShareTagsView);
  const tags = useTagsStore((s) => s.tags);
  const refreshes = useTagsStore((s) => s.refreshes);
  const fullscreen = useTagsStore((s) => s.fullscreen);
  const setFullscreen = useTagsStore((s) => s.setFullscreen);
  const ended = useSessionEnded((s) => s.ended);

  const route = matchRoute(routes, location.pathname);
  const key = tagKey(location.pathname, location.search, shared);
  const keepAlive = !!route?.node.meta.isKeepAlive;

  // The kept-alive list follows the address during render (no extra paint with the old page).
  const [cache, setCache] = useState<Entry[]>([]);
  const [shownKey, setShownKey] = useState<string | null>(null);
  const [seq, setSeq] = useState(0);
  if (shownKey !== key || (keepAlive && cache.at(-1)?.location !== location)) {
    setShownKey(key);
    if (route && keepAlive) {
      const known = cache.find((e) => e.key === key);
      setCache(touchLru(cache, { key, seq: known?.seq ?? seq, route, location }));
      if (!known) setSeq(seq + 1);
    }
  }
  // A closed tag takes its kept-alive page with it (unless it is the page on screen).
  const tagKeys = useMemo(() => new Set(tags.map((tag) => tag.key)), [tags]);
  const [seenTags, setSeenTags] = useState(tags);
  if (seenTags !== tags) {
    setSeenTags(tags);
    const kept = cache.filter((e) => e.key === key || tagKeys.has(e.key));
    if (kept.length !== cache.length) setCache(kept);
  }

  useEffect(() => {
    if (route) recordPageVisit(location.pathname);
  }, [route, location.pathname]);

  useEffect(() => {
    if (!fullscreen) return;
    const onKey = (e: KeyboardEvent) => e.key === 'Escape' && setFullscreen(false);
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [fullscreen, setFullscreen]);

  const ordered = useMemo(() => [...cache].sort((a, b) => a.seq - b.seq), [cache]);

  if (ended) return null;
  // `/` is every account's home: the dashboard, or the first page it may open (never a 404).
  if (location.pathname === '/') return <Navigate to={home ?? '/401'} replace />;
  // A page of the product this account may not open: the no-permission page, not "not found".
  if (!route && isForbiddenPage(location.pathname, tree, roles)) return <Navigate to="/401" replace />;

  const current = cache.find((e) => e.key === key);
  return (
    <div className={fullscreen ? styles.fullscreen : styles.outlet} data-testid="view-outlet">
      {fullscreen && (
        <Button
          className={styles.exitFullscreen}
          icon={<FullscreenExitOutlined />}
          onClick={() => setFullscreen(false)}
        >
          {t('shellx.exitFullscreen')}
        </Button>
      )}
      {ordered.map((entry) => (
        <Activity key={entry.key} mode={entry.key === key ? 'visible' : 'hidden'}>
          <RoutePage entry={entry} refresh={refreshes[entry.key] ?? 0} />
        </Activity>
      ))}
      {!current &&
        (route ? (
          <RoutePage entry={{ key, seq: -1, route, location }} refresh={refreshes[key] ?? 0} />
        ) : (
          <Suspense fallback={<PageLoading />}>
            <NotFoundPage />
          </Suspense>
        ))}
    </div>
  );
}
