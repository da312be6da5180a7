import type { UpgradeLatest, UpgradeNote } from '@lintel/contracts';
import { request } from '../api/client';

/** Every query of the release notes an account reads (the admin page refreshes them after a change). */
export const upgradeNotesKey = ['sysUpgrade', 'notes'] as const;
export const changelogKey = [...upgradeNotesKey, 'latest'] as const;
export const unreadNotesKey = [...upgradeNotesKey, 'unread'] as const;

/** The server's version and the newest published release notes (sysUpgrade/latest). */
export const fetchChangelog = (limit = 5) => request<UpgradeLatest>(`/api/sysUpgrade/latest?limit=${limit}`);
/** Published notes this account has not read yet, newest first. */
export const fetchUnreadNotes = () => request<UpgradeNote[]>('/api/sysUpgrade/unread', { customCatch: true });
export const markNotesRead = (ids: string[]) =>
  request<null>('/api/sysUpgrade/setRead', { method: 'POST', body: { ids }, customCatch: true });
