import { CHANGE_PASSWORD_PATH } from '@lintel/contracts';
import { lazy, Suspense, type ComponentType, type LazyExoticComponent } from 'react';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { loadAllMessages } from '../locales/i18n';
import { LoadingOverlay } from '../shared/ui/loading-overlay';
import { PublicOnly, RequireAuth } from './routing/require-auth';

const LoginPage = lazy(() => import('../features/auth/login-page'));
const NoPermissionPage = lazy(() => import('../features/errors/no-permission-page'));
const QrConfirmPage = lazy(() => import('../features/auth/qr/qr-confirm-page'));
// Signed in, outside the shell: it loads the shell's message areas (the personal centre's form).
const PasswordDuePage = lazy(() =>
  Promise.all([import('../features/password-due/password-due-page'), loadAllMessages()]).then(
    ([page]) => page,
  ),
);

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
  // Where the tenant's required password change happens (first sign-in, expired password).
  { path: CHANGE_PASSWORD_PATH, element: page(PasswordDuePage) },
  { path: '/*', element: <RequireAuth /> },
];

export const createAppRouter = () => createBrowserRouter(appRoutes);
