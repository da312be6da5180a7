import type { KeyboardEvent } from 'react';

/**
 * The keyboard on the tags row (the ARIA tabs pattern, with a roving tab stop): only one tag is in
 * the tab order; ←/→ move between tags (Home/End to the ends), Enter or Space opens the focused one,
 * Delete closes it when it may be closed. The context menu key opens its actions (the tag's menu
 * listens to `contextmenu`, which that key sends).
 */
export function onTagKey(e: KeyboardEvent<HTMLElement>, open: () => void, close: (() => void) | null): void {
  const tags = [
    ...(e.currentTarget.closest('[role="tablist"]')?.querySelectorAll<HTMLElement>('[role="tab"]') ?? []),
  ];
  const at = tags.indexOf(e.currentTarget);
  const focus = (index: number) => {
    e.preventDefault();
    tags[(index + tags.length) % tags.length]?.focus();
  };
  switch (e.key) {
    case 'ArrowRight':
      return focus(at + 1);
    case 'ArrowLeft':
      return focus(at - 1);
    case 'Home':
      return focus(0);
    case 'End':
      return focus(tags.length - 1);
    case 'Enter':
    case ' ':
      e.preventDefault();
      return open();
    case 'Delete':
      if (!close) return;
      e.preventDefault();
      // Keep the keyboard on the row: the neighbour takes the focus of the closed tag.
      tags[at + 1 < tags.length ? at + 1 : at - 1]?.focus();
      return close();
  }
}

/** The tag holding the row's tab stop: the current page's, else the first. */
export const tabStopOf = (keys: readonly string[], currentKey: string): string | undefined =>
  keys.includes(currentKey) ? currentKey : keys[0];
