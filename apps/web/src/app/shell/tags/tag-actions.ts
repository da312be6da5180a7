import type { NavigateFunction } from 'react-router';
import { neighbourAfterClose, tagHref, useTagsStore, type Tag } from './tags-store';

export type TagAction = 'refresh' | 'close' | 'closeOthers' | 'closeAll' | 'fullscreen' | 'exitFullscreen';

/**
 * SPEC 2 tag view actions on `tag`, `currentKey` being the tag on screen. Closing the page on screen
 * moves to its neighbour; closing all lands on the first affix tag (the home page).
 */
export function runTagAction(
  action: TagAction,
  tag: Tag,
  currentKey: string | null,
  navigate: NavigateFunction,
  homePath: string,
): void {
  const store = useTagsStore.getState();
  const go = (target: Tag | undefined) => void navigate(target ? tagHref(target) : homePath);
  switch (action) {
    case 'refresh':
      store.refresh(tag.key);
      if (tag.key !== currentKey) go(tag);
      return;
    case 'close': {
      if (tag.affix) return;
      const index = store.tags.findIndex((t) => t.key === tag.key);
      const next = neighbourAfterClose(store.tags, index);
      store.close(tag.key);
      if (tag.key === currentKey) go(next);
      return;
    }
    case 'closeOthers':
      store.closeOthers(tag.key);
      if (tag.key !== currentKey) go(tag);
      return;
    case 'closeAll': {
      store.closeAll();
      const remaining = useTagsStore.getState().tags;
      if (!remaining.some((t) => t.key === currentKey)) go(remaining[0]);
      return;
    }
    case 'fullscreen':
      if (tag.key !== currentKey) go(tag);
      store.setFullscreen(true);
      return;
    case 'exitFullscreen':
      store.setFullscreen(false);
  }
}
