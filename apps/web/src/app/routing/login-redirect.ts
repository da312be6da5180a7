import { isTenantId } from '../../shared/session/tenant';

/**
 * The sign-in address for a signed-out visit (SPEC 2 route guard): the path to come back to as
 * `redirect`, its query as JSON `params`, and `tid` when the visit named a real tenant.
 */
export function loginRedirect(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  const out = new URLSearchParams();
  const tid = query.get('tid');
  query.delete('tid');
  if (pathname !== '/' && pathname !== '/login') out.set('redirect', pathname);
  if (out.has('redirect') && query.size > 0) out.set('params', JSON.stringify(Object.fromEntries(query)));
  if (isTenantId(tid)) out.set('tid', tid);
  const qs = out.toString();
  return qs ? `/login?${qs}` : '/login';
}
