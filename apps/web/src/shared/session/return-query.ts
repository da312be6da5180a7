import { isTenantId } from './tenant';

/**
 * The query that brings a visit back after a detour (sign-in, a required password change; SPEC 2
 * route guard): the path to come back to as `redirect`, its query as JSON `params`, and `tid` when
 * the visit named a real tenant. Empty for the home page.
 */
export function returnQuery(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  const out = new URLSearchParams();
  const tid = query.get('tid');
  query.delete('tid');
  if (pathname !== '/' && pathname !== '/login') out.set('redirect', pathname);
  if (out.has('redirect') && query.size > 0) out.set('params', JSON.stringify(Object.fromEntries(query)));
  if (isTenantId(tid)) out.set('tid', tid);
  return out.toString();
}
