import { HOME } from '../routing/paths';

/**
 * Where to go after signing in: the `redirect` path the guard recorded (with its `params` query),
 * else home (`/`, which the shell sends on to the account's own home page). Only same-site paths
 * are followed, never another origin.
 */
export function redirectTarget(search: URLSearchParams): string {
  const redirect = search.get('redirect');
  if (!redirect || !redirect.startsWith('/') || redirect.startsWith('//') || redirect.startsWith('/login')) {
    return HOME;
  }
  const params = search.get('params');
  if (!params) return redirect;
  try {
    const query = new URLSearchParams(JSON.parse(params) as Record<string, string>).toString();
    return query ? `${redirect}?${query}` : redirect;
  } catch {
    return redirect;
  }
}
