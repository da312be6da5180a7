export interface BuildInfo {
  version: string;
  buildId: string;
}

/** Compiled in by the Vite plugin (apps/web/version-plugin.ts); absent under the unit tests. */
declare const __LINTEL_BUILD__: BuildInfo | undefined;

export const RUNNING_BUILD: BuildInfo | null =
  typeof __LINTEL_BUILD__ === 'undefined' ? null : __LINTEL_BUILD__;

/** The build the server has now; null when it cannot tell (dev server, offline, no file). */
export async function fetchServerBuild(): Promise<BuildInfo | null> {
  try {
    const response = await fetch(`/version.json?t=${Date.now()}`, { cache: 'no-store' });
    if (!response.ok) return null;
    const body = (await response.json()) as Partial<BuildInfo>;
    return typeof body.buildId === 'string' && typeof body.version === 'string'
      ? { version: body.version, buildId: body.buildId }
      : null;
  } catch {
    return null;
  }
}
