import { returnQuery } from '../session/return-query';

/**
 * The sign-in address for a signed-out visit (SPEC 2 route guard), coming back to where it was
 * going: `redirect`, its query as JSON `params`, and `tid` when the visit named a real tenant.
 */
export function loginRedirect(pathname: string, search: string): string {
  const qs = returnQuery(pathname, search);
  return qs ? `/login?${qs}` : '/login';
}
