import { LOCALES } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };

function flatten(tree: Tree, prefix = ''): Record<string, string> {
  return Object.entries(tree).reduce<Record<string, string>>((acc, [k, v]) => {
    const key = prefix ? `${prefix}.${k}` : k;
    return typeof v === 'string' ? { ...acc, [key]: v } : { ...acc, ...flatten(v, key) };
  }, {});
}

const core = import.meta.glob<Tree>('./*.json', { eager: true, import: 'default' });
const areaFiles = import.meta.glob<Tree>('./*/*.json', { eager: true, import: 'default' });
const areas = [...new Set(Object.keys(areaFiles).map((file) => file.split('/')[1]!))];

/** One locale as the app loads it: the core file plus each area's file under the area's name. */
const read = (locale: string) =>
  flatten({
    ...(core[`./${locale}.json`] ?? {}),
    ...Object.fromEntries(areas.map((area) => [area, areaFiles[`./${area}/${locale}.json`] ?? {}])),
  });
const en = read('en');
const placeholders = (s: string) => (s.match(/\{\{\w+\}\}/g) ?? []).sort();

it('ships one core file per locale and no other', () => {
  expect(Object.keys(core).sort()).toEqual(LOCALES.map((l) => `./${l}.json`).sort());
});

it.each(areas)('area %s ships one file per locale, and does not shadow a core key', (area) => {
  const files = Object.keys(areaFiles).filter((file) => file.startsWith(`./${area}/`));
  expect(files.sort()).toEqual(LOCALES.map((l) => `./${area}/${l}.json`).sort());
  expect(Object.keys(core['./en.json'] ?? {})).not.toContain(area);
});

describe.each(LOCALES)('locale %s', (locale) => {
  const messages = read(locale);

  it('has exactly the keys of en', () => {
    expect(Object.keys(messages).sort()).toEqual(Object.keys(en).sort());
  });

  it('keeps every interpolation placeholder and leaves no value empty', () => {
    for (const [key, value] of Object.entries(messages)) {
      expect(value.trim(), key).not.toBe('');
      expect(placeholders(value), key).toEqual(placeholders(en[key]!));
    }
  });

  it.skipIf(locale === 'en')('is translated, not English copied over', () => {
    // Short technical words (Menu, System, Platform...) may coincide; whole sentences may not.
    const sentences = ['login.welcome', 'layout.logoutConfirm', 'error.notFoundText', 'login.phoneInvalid'];
    for (const key of sentences) expect(messages[key], key).not.toBe(en[key]);
  });
});
