import type { ChangelogResult } from '@lintel/contracts';
import { request } from '../api/client';

export const changelogKey = ['changelog'] as const;
export const fetchChangelog = () => request<ChangelogResult>('/api/sysCommon/changelog');
