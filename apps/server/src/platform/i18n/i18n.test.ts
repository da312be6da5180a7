import fs from 'node:fs';
import { LOCALES } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { negotiateLocale, t } from './index.js';

const dir = new URL('./messages/', import.meta.url);
const read = (locale: string) =>
  JSON.parse(fs.readFileSync(new URL(`${locale}.json`, dir), 'utf8')) as Record<string, string>;
const english = read('en');

describe('server message catalogs', () => {
  it.each(LOCALES)('%s holds every key of en.json, no more, each translated', (locale) => {
    const catalog = read(locale);
    expect(Object.keys(catalog).sort()).toEqual(Object.keys(english).sort());
    for (const [key, text] of Object.entries(catalog)) {
      expect(text.trim(), `${locale} ${key}`).not.toBe('');
      const placeholders = (s: string) => (s.match(/\{\w+\}/g) ?? []).sort();
      expect(placeholders(text), `${locale} ${key} keeps its placeholders`).toEqual(
        placeholders(english[key]!),
      );
    }
  });

  it('translates the non-English locales (no English left behind in long messages)', () => {
    for (const locale of LOCALES.filter((l) => l !== 'en')) {
      const catalog = read(locale);
      const untranslated = Object.keys(english).filter(
        (key) => english[key]!.length > 25 && catalog[key] === english[key],
      );
      expect(untranslated, locale).toEqual([]);
    }
  });

  it('fills placeholders and falls back to English, then the key', () => {
    expect(t('en', 'error.rateLimited', { seconds: 7 })).toBe(
      'Too many requests. Please wait 7 seconds and try again.',
    );
    expect(t('en', 'no.such.key')).toBe('no.such.key');
  });
});

describe('Accept-Language negotiation', () => {
  it.each([
    [undefined, 'zh-CN'],
    ['', 'zh-CN'],
    ['en-US,en;q=0.9', 'en'],
    ['zh-TW', 'zh-TW'],
    ['zh-Hant-HK', 'zh-TW'],
    ['zh-hk', 'zh-HK'],
    ['zh', 'zh-CN'],
    ['de-DE;q=0.5, fr;q=0.8', 'fr'],
    ['nb-NO', 'no'],
    ['pt-BR', 'pt'],
    ['xx, ja;q=0.1', 'ja'],
    ['*', 'zh-CN'],
    ['tlh', 'zh-CN'],
  ])('%j → %s', (header, locale) => {
    expect(negotiateLocale(header)).toBe(locale);
  });
});
