import { readFile } from 'node:fs/promises';
import type { ChangelogResult } from '@lintel/contracts';
import { APP_VERSION } from '../../version.js';
import { parseChangelog } from './changelog.js';

/** CHANGELOG.md at the repository root, beside the package.json the version comes from. */
const CHANGELOG = new URL('../../../../../CHANGELOG.md', import.meta.url);

/** The version and update log: read once, they change only with a new build. */
export class SysCommonService {
  private changelog?: Promise<ChangelogResult>;

  constructor(private readonly file: URL = CHANGELOG) {}

  getChangelog(): Promise<ChangelogResult> {
    this.changelog ??= readFile(this.file, 'utf8')
      .then((text) => ({ version: APP_VERSION, entries: parseChangelog(text) }))
      .catch((error: unknown) => {
        this.changelog = undefined;
        throw error;
      });
    return this.changelog;
  }
}
