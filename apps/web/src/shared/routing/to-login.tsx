import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import { clearSessionStorage } from '../storage';
import { loginRedirect } from './login-redirect';

/** Signed-out visit: storage is cleared except the tenant id, then on to the sign-in page. */
export function ToLogin() {
  const { pathname, search } = useLocation();
  useEffect(() => clearSessionStorage(), []);
  return <Navigate to={loginRedirect(pathname, search)} replace />;
}
