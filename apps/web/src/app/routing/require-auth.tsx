import { CHANGE_PASSWORD_PATH } from '@lintel/contracts';
import { lazy, Suspense, type ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { loadAllMessages } from '../../locales/i18n';
import { readAccessToken } from '../../shared/api/tokens';
import { useMenuTree, useUserInfo } from '../../shared/session/use-session';
import { ToLogin } from '../../shared/routing/to-login';
import { LoadingOverlay } from '../../shared/ui/loading-overlay';
import { HOME } from './home-path';
import { returnQuery } from '../../shared/session/return-query';

// The shell's own words (every message area) arrive with its code, before its first render.
const AppShell = lazy(() =>
  Promise.all([import('../shell/app-shell'), loadAllMessages()]).then(([shell]) => shell),
);
const SessionError = lazy(() => import('./session-error'));

/**
 * Loads the user info, then the menu tree, behind the loading overlay; then shows the shell. An
 * account the tenant requires to change its password first goes to the change-password page
 * instead (the server would refuse the menu tree and every page's calls), coming back afterwards.
 */
function SessionGate() {
  const { pathname, search } = useLocation();
  const user = useUserInfo();
  const due = user.data?.passwordChangeDue;
  const menus = useMenuTree(!!user.data && !due);
  if (due) {
    const qs = returnQuery(pathname, search);
    return <Navigate to={qs ? `${CHANGE_PASSWORD_PATH}?${qs}` : CHANGE_PASSWORD_PATH} replace />;
  }
  if (user.isError || menus.isError) {
    // 401s reload the page from the API client; anything else (server down) can be retried here.
    return (
      <Suspense fallback={<LoadingOverlay />}>
        <SessionError
          message={(user.error ?? menus.error)?.message}
          onRetry={() => void (user.isError ? user.refetch() : menus.refetch())}
        />
      </Suspense>
    );
  }
  if (!user.data || !menus.data) return <LoadingOverlay />;
  return (
    <Suspense fallback={<LoadingOverlay />}>
      <AppShell />
    </Suspense>
  );
}

/** The guard of every signed-in route (SPEC 2). */
export { ToLogin };

export function RequireAuth() {
  return readAccessToken() ? <SessionGate /> : <ToLogin />;
}

/** The sign-in page is for signed-out visitors; a signed-in one goes to its home page. */
export function PublicOnly({ children }: { children: ReactNode }) {
  return readAccessToken() ? <Navigate to={HOME} replace /> : children;
}
