import { DEFAULT_LOCALE, LOCALES, type Locale } from '@lintel/contracts';
import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import { LOCALE_KEY, local } from '../shared/storage';
import zhCN from './zh-CN.json';

type Messages = typeof zhCN;

/** Every locale but the default is its own chunk, fetched when chosen. */
const bundles = import.meta.glob<{ default: Messages }>(['./*.json', '!./zh-CN.json']);

export const isLocale = (value: unknown): value is Locale => LOCALES.includes(value as Locale);

/** The locale chosen earlier on this device, else the product default. */
export function storedLocale(): Locale {
  const saved = local.get<string>(LOCALE_KEY);
  return isLocale(saved) ? saved : DEFAULT_LOCALE;
}

export async function loadMessages(locale: Locale): Promise<void> {
  if (i18n.hasResourceBundle(locale, 'translation')) return;
  const load = bundles[`./${locale}.json`];
  if (!load) throw new Error(`No messages for ${locale}`);
  i18n.addResourceBundle(locale, 'translation', (await load()).default);
}

let ready: Promise<unknown> | undefined;

/** Initialises i18next once, with the default locale bundled and the stored one loaded. */
export function initI18n(locale: Locale = storedLocale()): Promise<unknown> {
  ready ??= i18n
    .use(initReactI18next)
    .init({
      resources: { [DEFAULT_LOCALE]: { translation: zhCN } },
      lng: DEFAULT_LOCALE,
      fallbackLng: DEFAULT_LOCALE,
      interpolation: { escapeValue: false },
      returnNull: false,
    })
    .then(() => loadMessages(locale))
    .then(() => i18n.changeLanguage(locale));
  return ready;
}

export { i18n };
