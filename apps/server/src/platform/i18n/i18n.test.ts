import fs from 'node:fs';
import { LOCALES } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { catalogFolders, negotiateLocale, t } from './index.js';

type Catalog = Record<string, string>;
const readIn = (folder: URL, locale: string): Catalog =>
  JSON.parse(fs.readFileSync(new URL(`${locale}.json`, folder), 'utf8')) as Catalog;
/** All folders merged, as the server loads them. */
const read = (locale: string): Catalog =>
  Object.assign({}, ...catalogFolders().map((folder) => readIn(folder, locale))) as Catalog;
const english = read('en');
const folderNames = catalogFolders().map((folder) => folder.pathname.split('/').at(-2)!);

describe('server message catalogs', () => {
  it.each(folderNames)(
    'folder %s has one file per locale and no other, and no key of another folder',
    (name) => {
      const folder = catalogFolders()[folderNames.indexOf(name)]!;
      const files = fs
        .readdirSync(folder)
        .filter((f) => f.endsWith('.json'))
        .sort();
      expect(files).toEqual(LOCALES.map((l) => `${l}.json`).sort());
      const own = Object.keys(readIn(folder, 'en'));
      for (const other of catalogFolders().filter((f) => f.href !== folder.href)) {
        const clash = Object.keys(readIn(other, 'en')).filter((key) => own.includes(key));
        expect(clash, `${name} and ${other.pathname}`).toEqual([]);
      }
    },
  );

  it.each(LOCALES)('%s holds every key of en.json, no more, each translated', (locale) => {
    for (const folder of catalogFolders()) {
      expect(Object.keys(readIn(folder, locale)).sort(), folder.pathname).toEqual(
        Object.keys(readIn(folder, 'en')).sort(),
      );
    }
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
