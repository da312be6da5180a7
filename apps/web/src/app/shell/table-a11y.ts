import { useEffect } from 'react';

/** antd's table scroll areas: plain, with a fixed header, virtual. */
const SCROLLERS = '.ant-table-content, .ant-table-body, .ant-table-tbody-virtual-holder';
/** The hidden row antd renders to measure its column titles (a copy of the select-all box included). */
const MEASURE_ROWS = '.ant-table-measure-row';

const overflows = (el: HTMLElement) => el.scrollWidth > el.clientWidth || el.scrollHeight > el.clientHeight;

/**
 * Two fixes to antd's tables that its props do not reach:
 * - WCAG 2.1.1: a table wider (or taller) than its box scrolls, and the keyboard must be able to
 *   scroll it too. A table whose cells hold nothing focusable (an empty list, a log) could not be, so
 *   each overflowing scroll area not yet in the tab order goes into it (focused, the arrows scroll it).
 * - The measuring row is hidden from assistive technology (aria-hidden) and zero pixels high, yet
 *   the copy of a header checkbox in it could take the focus: an invisible tab stop. `inert` takes
 *   the row out of the tab order as well.
 */
export function fixTables(root: ParentNode = document): void {
  for (const el of root.querySelectorAll<HTMLElement>(SCROLLERS)) {
    if (!el.hasAttribute('tabindex') && overflows(el)) el.tabIndex = 0;
  }
  for (const row of root.querySelectorAll<HTMLElement>(MEASURE_ROWS)) {
    if (!row.inert) row.inert = true;
  }
}

/**
 * Applies fixTables to the whole document (every page, dialog and drawer) as tables come and go:
 * at most once a frame, after the DOM changed.
 */
export function useTableFixes(): void {
  useEffect(() => {
    let frame = 0;
    const check = () => {
      frame = 0;
      fixTables();
    };
    const observer = new MutationObserver(() => {
      frame ||= requestAnimationFrame(check);
    });
    observer.observe(document.body, { childList: true, subtree: true });
    check();
    return () => {
      observer.disconnect();
      cancelAnimationFrame(frame);
    };
  }, []);
}
