import type { Locale } from '@lintel/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';
import dayjs from 'dayjs';
import { create } from 'zustand';
import { LOCALE_KEY, local } from '../shared/storage';
import { i18n, loadMessages, storedLocale } from './i18n';
import { ANTD_LOCALES, DAYJS_LOCALES } from './locale-adapters';

interface LocaleState {
  locale: Locale;
  antdLocale: AntdLocale | undefined;
  /** Loads the messages, antd and dayjs locales, then switches all three and remembers the choice. */
  setLocale(locale: Locale): Promise<void>;
}

export const useLocaleStore = create<LocaleState>((set) => ({
  locale: storedLocale(),
  antdLocale: undefined,
  async setLocale(locale) {
    const [dayjsName, loadDayjs] = DAYJS_LOCALES[locale];
    const [antd] = await Promise.all([ANTD_LOCALES[locale](), loadDayjs(), loadMessages(locale)]);
    dayjs.locale(dayjsName);
    await i18n.changeLanguage(locale);
    // The API client reads this key for Accept-Language, so server messages follow the switch.
    local.set(LOCALE_KEY, locale);
    document.documentElement.lang = locale;
    set({ locale, antdLocale: antd.default });
  },
}));
