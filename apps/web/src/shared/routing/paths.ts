/** Where every "home" link points: the shell sends it on to the account's own home page. */
export const HOME = '/';

/** The dashboard: the home of every account whose roles hold it. */
export const DASHBOARD_PATH = '/dashboard/home';
