import { create } from 'zustand';
import { session } from '../../../shared/storage';

/** One open page of the tags view: a path, with the query it was opened with. */
export interface Tag {
  /** Identity of the tag: the path, plus the query unless tags are shared per path. */
  key: string;
  path: string;
  search: string;
  affix: boolean;
}

/** Session-storage key of the tag list (SPEC 4: tag view cache lists are added to, removed, cleared). */
export const TAGS_KEY = 'tagsViewList';

/** isShareTagsView: one tag per path whatever the query; otherwise the query makes its own tag. */
export const tagKey = (path: string, search: string, shared: boolean): string =>
  shared || !search || search === '?' ? path : `${path}${search}`;

interface TagsState {
  tags: Tag[];
  /** Bumped by "refresh": the outlet keys the page on it, so the page remounts with fresh state. */
  refreshes: Record<string, number>;
  /** The content area fills the screen (tag action "fullscreen"). */
  fullscreen: boolean;
  /** Whether the list is written to session storage (isCacheTagsView). */
  persist: boolean;
  setPersist(on: boolean): void;
  /** Affix tags (meta.isAffix) lead the list and are never closed. */
  setAffix(paths: string[]): void;
  /** Adds the tag of a visited page, or updates its query when tags are shared per path. */
  visit(path: string, search: string, shared: boolean): Tag;
  close(key: string): void;
  closeOthers(key: string): void;
  closeAll(): void;
  refresh(key: string): void;
  move(from: number, to: number): void;
  setFullscreen(on: boolean): void;
}

function save(state: Pick<TagsState, 'tags' | 'persist'>) {
  if (state.persist) session.set(TAGS_KEY, state.tags);
}

function restored(): Tag[] {
  const saved = session.get<Tag[]>(TAGS_KEY);
  if (!Array.isArray(saved)) return [];
  return saved.filter(
    (t): t is Tag =>
      !!t && typeof t.key === 'string' && typeof t.path === 'string' && typeof t.search === 'string',
  );
}

export const useTagsStore = create<TagsState>((set, get) => {
  const update = (tags: Tag[]) => {
    set({ tags });
    save(get());
  };
  return {
    tags: restored(),
    refreshes: {},
    fullscreen: false,
    persist: true,
    setPersist(on) {
      set({ persist: on });
      if (on) save(get());
      else session.remove(TAGS_KEY);
    },
    setAffix(paths) {
      const { tags } = get();
      const affix = paths.map((path): Tag => ({
        ...(tags.find((t) => t.path === path) ?? { key: path, path, search: '' }),
        affix: true,
      }));
      const rest = tags.filter((t) => !paths.includes(t.path)).map((t) => ({ ...t, affix: false }));
      update([...affix, ...rest]);
    },
    visit(path, search, shared) {
      const key = tagKey(path, search, shared);
      const { tags } = get();
      const existing = tags.find((t) => t.key === key);
      if (existing) {
        if (existing.search !== search) {
          const next = { ...existing, search };
          update(tags.map((t) => (t === existing ? next : t)));
          return next;
        }
        return existing;
      }
      const tag: Tag = { key, path, search, affix: false };
      update([...tags, tag]);
      return tag;
    },
    close(key) {
      update(get().tags.filter((t) => t.key !== key || t.affix));
    },
    closeOthers(key) {
      update(get().tags.filter((t) => t.key === key || t.affix));
    },
    closeAll() {
      update(get().tags.filter((t) => t.affix));
    },
    refresh(key) {
      const { refreshes } = get();
      set({ refreshes: { ...refreshes, [key]: (refreshes[key] ?? 0) + 1 } });
    },
    move(from, to) {
      const tags = [...get().tags];
      const [moved] = tags.splice(from, 1);
      // Affix tags stay in front: nothing is dropped before them.
      const firstFree = tags.filter((t) => t.affix).length;
      if (!moved || moved.affix) return;
      tags.splice(Math.max(to, firstFree), 0, moved);
      update(tags);
    },
    setFullscreen(on) {
      set({ fullscreen: on });
    },
  };
});

/** Where to go after closing the tag at `index`: its right neighbour, else its left one. */
export function neighbourAfterClose(tags: readonly Tag[], index: number): Tag | undefined {
  return tags[index + 1] ?? tags[index - 1];
}

/** The address of a tag, for navigation. */
export const tagHref = (tag: Tag): string => `${tag.path}${tag.search}`;
