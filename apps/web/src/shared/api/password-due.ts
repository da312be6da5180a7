import { CHANGE_PASSWORD_PATH, PASSWORD_CHANGE_HEADER } from '@lintel/contracts';
import { returnQuery } from '../session/return-query';

/** Whether an answer is the server's refusal until the password is changed (403 + its header). */
export const isPasswordChangeRefusal = (response: Response): boolean =>
  response.status === 403 && !!response.headers.get(PASSWORD_CHANGE_HEADER);

/**
 * Opens the change-password page after the server refused a call until the password is changed
 * (the tenant's setting took effect during the session: an expiry, a newly forced change). A full
 * page load, like the end of a session: the cached user info and menus are dropped, the page asks
 * for fresh ones, and it comes back here once the password is changed.
 */
export function openPasswordChange(
  location: Pick<Location, 'pathname' | 'search' | 'assign'> = window.location,
) {
  if (location.pathname === CHANGE_PASSWORD_PATH) return;
  const qs = returnQuery(location.pathname, location.search);
  location.assign(qs ? `${CHANGE_PASSWORD_PATH}?${qs}` : CHANGE_PASSWORD_PATH);
}
