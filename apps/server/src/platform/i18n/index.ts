import fs from 'node:fs';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@lintel/contracts';

/**
 * Server-side messages in the 19 product locales: `messages/<locale>.json` for the platform and one
 * folder per feature area (`messages/<area>/<locale>.json`), so that areas grow without touching each
 * other's files. Every file holds every key of its English sibling (a test enforces it); a key
 * missing at run time falls back to English, then to the key itself.
 */
type Catalog = Record<string, string>;

export const MESSAGES_DIR = new URL('./messages/', import.meta.url);

/** The platform folder and every area folder, each as a URL ending in '/'. */
export function catalogFolders(): URL[] {
  const areas = fs
    .readdirSync(MESSAGES_DIR, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .map((entry) => new URL(`${entry.name}/`, MESSAGES_DIR));
  return [MESSAGES_DIR, ...areas];
}

function load(locale: Locale): Catalog {
  const catalog: Catalog = {};
  for (const folder of catalogFolders()) {
    const file = new URL(`${locale}.json`, folder);
    if (fs.existsSync(file)) Object.assign(catalog, JSON.parse(fs.readFileSync(file, 'utf8')) as Catalog);
  }
  return catalog;
}

const catalogs = new Map<Locale, Catalog>(LOCALES.map((locale) => [locale, load(locale)]));
const english = catalogs.get('en') ?? {};

export type MessageParams = Record<string, string | number>;

export function t(locale: Locale, key: string, params?: MessageParams): string {
  const template = catalogs.get(locale)?.[key] ?? english[key] ?? key;
  if (!params) return template;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    params[name] === undefined ? whole : String(params[name]),
  );
}

export function hasMessage(key: string): boolean {
  return key in english;
}

export function catalogFor(locale: Locale): Readonly<Catalog> {
  return catalogs.get(locale) ?? {};
}

const ALIASES: Record<string, Locale> = {
  zh: 'zh-CN',
  'zh-hans': 'zh-CN',
  'zh-sg': 'zh-CN',
  'zh-hant': 'zh-TW',
  'zh-mo': 'zh-HK',
  nb: 'no',
  nn: 'no',
  in: 'id',
};
/** A header's language tag is client text: `constructor` must not find Object's member. */
const aliasOf = (tag: string): Locale | undefined => (Object.hasOwn(ALIASES, tag) ? ALIASES[tag] : undefined);

/** Picks the best product locale for an Accept-Language header (quality values honoured). */
export function negotiateLocale(header: string | undefined): Locale {
  if (!header) return DEFAULT_LOCALE;
  const ranges = header
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.trim().split(';');
      const q = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
      return { tag: tag.trim().toLowerCase().replace(/_/g, '-'), q: q ? Number(q.slice(2)) || 0 : 1, index };
    })
    .filter((r) => r.tag && r.tag !== '*' && r.q > 0)
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const { tag } of ranges) {
    const locale = matchLocale(tag);
    if (locale) return locale;
  }
  return DEFAULT_LOCALE;
}

/** The product locale one language tag names (`en-US` → `en`, `zh-Hant` → `zh-TW`), if any. */
export function matchLocale(languageTag: string): Locale | undefined {
  const tag = languageTag.trim().toLowerCase().replace(/_/g, '-');
  const exact = LOCALES.find((l) => l.toLowerCase() === tag);
  if (exact) return exact;
  const aliased = aliasOf(tag);
  if (aliased) return aliased;
  const [base = ''] = tag.split('-');
  if (base === 'zh')
    return tag.includes('tw') || tag.includes('hant') ? 'zh-TW' : tag.includes('hk') ? 'zh-HK' : 'zh-CN';
  return LOCALES.find((l) => l === base) ?? aliasOf(base);
}
