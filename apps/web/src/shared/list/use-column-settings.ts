import { useCallback, useMemo, useSyncExternalStore } from 'react';
import { useHiddenFields } from '../permission/hidden-fields';
import { useUserInfo } from '../session/use-session';
import { local, STORAGE_PREFIX } from '../storage';
import {
  applyLayout,
  mergeLayout,
  type ColumnPref,
  type KitColumn,
  type StoredLayout,
} from './column-layout';

/** The storage key (below the product prefix) of one user's layout of one table. */
export const columnLayoutKey = (userId: string, tableKey: string) => `columns:${userId}:${tableKey}`;

/** Same-tab writers announce a change with this event; other tabs raise `storage`. */
const CHANGED = 'lintel:column-layout';

function subscribe(notify: () => void): () => void {
  window.addEventListener(CHANGED, notify);
  window.addEventListener('storage', notify);
  return () => {
    window.removeEventListener(CHANGED, notify);
    window.removeEventListener('storage', notify);
  };
}

export interface ColumnSettings<T> {
  /** Every column as arranged, hidden ones included (for the settings popover). */
  layout: ColumnPref[];
  /** The page's columns to render: visible, ordered, fixed as arranged. */
  columns: KitColumn<T>[];
  /** Every declared column by key (titles for the settings popover). */
  titles: Record<string, string>;
  /** Saves a new arrangement for this user and table. */
  change(layout: ColumnPref[]): void;
  /** Forgets the arrangement: the page's own columns again. */
  reset(): void;
}

/**
 * The signed-in user's arrangement of one table's columns (SPEC 2 "List toolbars": column display,
 * fixing, drag sort), kept in localStorage per user and table so it survives reloads and sign-outs of
 * other accounts on the same browser. Before the user info is known nothing is read or written.
 * `tableKey` is the server's table name: columns the caller's field blacklist hides are left out.
 */
export function useColumnSettings<T>(tableKey: string, all: readonly KitColumn<T>[]): ColumnSettings<T> {
  // Fields the caller's field blacklist hides (SPEC 6) are no columns at all: not shown, offered,
  // exported or printed (the server sends no values for them either).
  const hidden = useHiddenFields(tableKey);
  const declared = useMemo(
    () =>
      hidden.size ? all.filter((c) => !hidden.has(c.key) && !hidden.has(String(c.dataIndex ?? ''))) : all,
    [all, hidden],
  );
  const userId = useUserInfo().data?.id;
  const key = userId ? columnLayoutKey(userId, tableKey) : null;
  const raw = useSyncExternalStore(
    subscribe,
    () => (key ? window.localStorage.getItem(STORAGE_PREFIX + key) : null),
    () => null,
  );
  const saved = useMemo(() => {
    if (!raw) return null;
    try {
      return JSON.parse(raw) as unknown;
    } catch {
      return null;
    }
  }, [raw]);
  const layout = useMemo(() => mergeLayout(declared, saved), [declared, saved]);
  const columns = useMemo(() => applyLayout(declared, layout), [declared, layout]);
  const titles = useMemo(() => Object.fromEntries(declared.map((c) => [c.key, c.title])), [declared]);

  const change = useCallback(
    (next: ColumnPref[]) => {
      if (!key) return;
      const stored: StoredLayout = { v: 1, columns: next };
      local.set(key, stored);
      window.dispatchEvent(new Event(CHANGED));
    },
    [key],
  );
  const reset = useCallback(() => {
    if (!key) return;
    local.remove(key);
    window.dispatchEvent(new Event(CHANGED));
  }, [key]);

  return { layout, columns, titles, change, reset };
}
