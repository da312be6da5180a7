import { render } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { withWordBreaks } from './rail-label';

/** The label as markup: where the <wbr>s sit. */
const html = (text: string, locale: string) => {
  const { container } = render(<span>{withWordBreaks(text, locale)}</span>);
  return container.firstElementChild!.innerHTML;
};

describe('rail label word breaks', () => {
  it('leaves labels written with spaces alone (they break at their spaces)', () => {
    expect(withWordBreaks('Tableau de bord', 'fr')).toBe('Tableau de bord');
    expect(withWordBreaks('Hjelpedokumentasjon', 'no')).toBe('Hjelpedokumentasjon');
    expect(withWordBreaks('로그 관리', 'ko')).toBe('로그 관리');
  });

  it('marks the boundaries between Chinese and Japanese words, and only those', () => {
    // The words as the segmenter of the runtime finds them (the browser's, in the app).
    const words = (text: string, locale: string) =>
      [...new Intl.Segmenter(locale, { granularity: 'word' }).segment(text)].map((s) => s.segment);
    for (const [text, locale] of [
      ['帮助文档', 'zh-CN'],
      ['關於專案', 'zh-TW'],
      ['このプロジェクトについて', 'ja'],
    ] as const) {
      expect(html(text, locale).split('<wbr>')).toEqual(words(text, locale));
    }
    // None beside a space or a Latin word.
    expect(html('Lintel 帮助', 'zh-CN')).toBe('Lintel 帮助');
  });
});
