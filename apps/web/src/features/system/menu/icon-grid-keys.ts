import type { KeyboardEvent } from 'react';

/**
 * The icon grid as one tab stop (the chosen icon's, else the first): the arrows move through the
 * grid (up and down by a row), Home and End to its ends; Enter or Space takes the focused icon (the
 * options are buttons).
 */
export function onIconGridKey(e: KeyboardEvent<HTMLElement>): void {
  const options = Array.from(e.currentTarget.querySelectorAll<HTMLElement>('[role="option"]'));
  const at = options.indexOf(document.activeElement as HTMLElement);
  if (at < 0) return;
  const perRow = options.filter((o) => o.offsetTop === options[0]!.offsetTop).length || 1;
  const to = {
    ArrowRight: at + 1,
    ArrowLeft: at - 1,
    ArrowDown: at + perRow,
    ArrowUp: at - perRow,
    Home: 0,
    End: options.length - 1,
  }[e.key];
  if (to === undefined) return;
  e.preventDefault();
  options[Math.max(0, Math.min(options.length - 1, to))]!.focus();
}

/** The option holding the grid's tab stop. */
export const gridTabStop = (matches: readonly string[], value: string | null | undefined) =>
  value && matches.includes(value) ? value : matches[0];
