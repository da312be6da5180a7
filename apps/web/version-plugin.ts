import { readFileSync } from 'node:fs';
import type { Plugin } from 'vite';

/** What a build says about itself: the app version and an id unique to this build. */
export interface BuildInfo {
  version: string;
  buildId: string;
}

/**
 * Gives every build an id, compiled into the app as `__LINTEL_BUILD__` and written beside it as
 * `dist/version.json`. The running app polls that file (served with no-cache) and offers the
 * upgrade prompt when the server has a different build than the one in the tab.
 */
export function versionFile(): Plugin {
  const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as {
    version: string;
  };
  const info: BuildInfo = {
    version,
    buildId: `${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`,
  };
  return {
    name: 'lintel-version-file',
    config: () => ({ define: { __LINTEL_BUILD__: JSON.stringify(info) } }),
    generateBundle() {
      this.emitFile({ type: 'asset', fileName: 'version.json', source: JSON.stringify(info) });
    },
  };
}
