/** The schemes a menu's link address may use (SPEC 5 "Link check"). */
export const LINK_PROTOCOLS: readonly string[] = ['http:', 'https:', 'ftp:'];

/** Spaces and control characters: the URL parser drops some of them silently (`java\tscript:`). */
const unprintable = (value: string): boolean => {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    if (code <= 0x20 || (code >= 0x7f && code <= 0x9f)) return true;
  }
  return false;
};
const SITE = 'https://site.invalid';

/**
 * A path of this site (the registry's API page is `/swagger`): it starts with one slash and stays on
 * the same origin, so `//host` and `/\host` (which browsers read as another host) are not paths.
 */
export function isSitePath(value: string): boolean {
  if (!value.startsWith('/') || unprintable(value)) return false;
  try {
    return new URL(value, SITE).origin === SITE;
  } catch {
    return false;
  }
}

/**
 * Whether a menu's link address is well formed (SPEC 5 "Link check"): an absolute http, https or ftp
 * URL with a host and no user name or password in it, or a path of this site. Never `javascript:`,
 * `data:` or any other scheme a browser would run or render instead of opening. Whether the host is
 * public is the server's judgement (it resolves names); this is the part both sides check alike.
 */
export function isLinkAddress(value: string): boolean {
  if (isSitePath(value)) return true;
  if (unprintable(value)) return false;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return false;
  }
  return LINK_PROTOCOLS.includes(url.protocol) && !!url.hostname && !url.username && !url.password;
}
