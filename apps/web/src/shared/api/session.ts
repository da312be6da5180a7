import { clearSessionStorage } from '../storage';

/**
 * Ends the session after the server said the token is no good (401 or `invalid_token`): storage is
 * cleared (tenant id kept) and the page reloads, so the route guard starts from a clean state.
 */
export function endSessionAndReload(): void {
  clearSessionStorage();
  window.location.reload();
}
