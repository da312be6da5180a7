import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingOverlay } from './loading-overlay';
import { PublicOnly, RequireAuth } from './routing/require-auth';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const NoPermissionPage = lazy(() => import('../features/errors/no-permission-page'));
const QrConfirmPage = lazy(() => import('../features/auth/qr/qr-confirm-page'));

const page = (Page: LazyExoticComponent<ComponentType>) => (
  <Suspense fallback={<LoadingOverlay />}>
    <Page />
  </Suspense>
);

/**
 * Fixed routes (SPEC 2). Everything else falls to the guard, whose shell registers the views of the
 * server's menu tree and answers unknown paths with the not-found page.
 */
export const appRoutes: RouteObject[] = [
  { path: '/login', element: <PublicOnly>{page(LoginPage)}</PublicOnly> },
  { path: '/401', element: page(NoPermissionPage) },
  // Outside the shell: the phone-sized page a sign-in QR code opens (it checks the token itself).
  { path: '/qr/confirm', element: page(QrConfirmPage) },
  { path: '/*', element: <RequireAuth /> },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
