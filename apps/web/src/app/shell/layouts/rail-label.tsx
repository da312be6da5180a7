import { useLayoutEffect, useRef, type ReactNode } from 'react';
import { useLocaleStore } from '../../../locales/locale-store';
import styles from './layouts.module.css';

/** Scripts written without spaces between words, whose words the rail finds with Intl.Segmenter. */
const UNSPACED = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}]/u;

/** Font sizes (px) a label steps down through until its longest word fits its tile. */
export const RAIL_FONT_SIZES = [12, 11, 10];

/**
 * The label with a line-break opportunity (`<wbr>`) between the words of its Chinese or Japanese
 * runs. The rail forbids breaks inside words (`word-break: keep-all`), which in those scripts would
 * forbid every break; these put the word boundaries back. Other scripts break at their spaces (and
 * Thai at the word boundaries of the browser's dictionary).
 */
export function withWordBreaks(text: string, locale: string): ReactNode {
  if (!UNSPACED.test(text)) return text;
  const words = [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)].map((s) => s.segment);
  return words.map((word, i) => {
    const before = words[i - 1];
    const between = !!before && UNSPACED.test([...before].at(-1)!) && UNSPACED.test([...word][0]!);
    return between ? [<wbr key={i} />, word] : word;
  });
}

/**
 * Whether the widest line of an element's text is wider than the element. Measured in fractions of a
 * pixel: scrollWidth rounds, and a word 0.3 px too wide would end in an ellipsis unnoticed.
 */
export function overflows(el: HTMLElement): boolean {
  const range = document.createRange();
  range.selectNodeContents(el);
  return range.getBoundingClientRect().width > el.getBoundingClientRect().width + 0.01;
}

/**
 * A columns-rail label: at most two lines, broken between words only, never inside one. A word
 * wider than the tile first makes the label's font smaller (down to 10 px); one that is still too
 * wide ends in an ellipsis, and the tile's tooltip (its `title`) and accessible name keep the whole
 * label. `fit` names what the tile's width depends on, so that a change of it fits the label anew.
 */
export function RailLabel({ text, fit }: { text: string; fit: string }) {
  const locale = useLocaleStore((s) => s.locale);
  const ref = useRef<HTMLSpanElement>(null);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    for (const size of RAIL_FONT_SIZES) {
      el.style.fontSize = `${size}px`;
      if (!overflows(el)) break;
    }
  }, [text, locale, fit]);
  return (
    <span ref={ref} className={styles.railText} data-rail-label>
      {withWordBreaks(text, locale)}
    </span>
  );
}
