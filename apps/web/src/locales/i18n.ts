import { DEFAULT_LOCALE, LOCALES, type Locale } from '@lintel/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_KEY, local } from '../shared/storage';

type Messages = Record<string, unknown>;
type Load = () => Promise<{ default: Messages }>;

/**
 * Messages live in `./<locale>.json` (the shell's own words) and in one folder per feature area,
 * `./<area>/<locale>.json`, whose keys are read as `<area>.<key>`. Each file is its own chunk,
 * fetched when its locale is chosen, so no language weighs on the sign-in page of another.
 */
const core = import.meta.glob<{ default: Messages }>('./*.json');
const areas = import.meta.glob<{ default: Messages }>('./*/*.json');

/** The loaders of one locale: the core file and each area's file, keyed by area ('' for core). */
function loadersFor(locale: Locale): [string, Load][] {
  const out: [string, Load][] = [];
  const coreLoad = core[`./${locale}.json`];
  if (coreLoad) out.push(['', coreLoad]);
  for (const [file, load] of Object.entries(areas)) {
    const [, area, name] = file.split('/');
    if (name === `${locale}.json`) out.push([area!, load]);
  }
  return out;
}

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The locale chosen earlier on this device, else the product default. */
export function storedLocale(): Locale {
  const saved = local.get<string>(LOCALE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

/**
 * Areas the signed-out pages (sign-in, QR confirmation) need. The app starts with these and the core
 * file only; the signed-in shell loads the other areas before it renders (loadAllMessages), so their
 * words never weigh on the sign-in page.
 */
const BOOT_AREAS = new Set(['signin', 'oauth', 'request']);
let scope: 'boot' | 'all' = 'all';
const loaded = new Map<Locale, Set<string>>();

/** Loads the messages of a locale that are not loaded yet (all areas, or the boot areas only). */
export async function loadMessages(locale: Locale): Promise<void> {
  const all = loadersFor(locale);
  if (all.length === 0) throw new Error(`No messages for ${locale}`);
  const have = loaded.get(locale) ?? new Set<string>();
  const missing = all.filter(
    ([area]) => !have.has(area) && (scope === 'all' || area === '' || BOOT_AREAS.has(area)),
  );
  if (missing.length === 0) return;
  const parts = await Promise.all(
    missing.map(async ([area, load]) => [area, (await load()).default] as const),
  );
  const messages: Messages = {};
  for (const [area, part] of parts) {
    if (area) messages[area] = part;
    else Object.assign(messages, part);
  }
  i18n.addResourceBundle(locale, 'translation', messages, true, true);
  loaded.set(locale, new Set([...have, ...missing.map(([area]) => area)]));
}

/** From now on every area: called before the signed-in shell renders. */
export async function loadAllMessages(): Promise<void> {
  scope = 'all';
  await loadMessages((i18n.language as Locale | undefined) ?? storedLocale());
}

let ready: Promise<unknown> | undefined;

/**
 * Initialises i18next once and loads the stored (or given) locale before the first render; the app
 * itself starts with the boot areas only (see BOOT_AREAS), tests with everything.
 */
export function initI18n(locale: Locale = storedLocale(), areas: 'boot' | 'all' = 'all'): Promise<unknown> {
  scope = areas;
  ready ??= i18n
    .use(initReactI18next)
    .init({
      resources: {},
      lng: locale,
      fallbackLng: false,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => loadMessages(locale))
    .then(() => i18n.changeLanguage(locale));
  return ready;
}

export { i18n };
