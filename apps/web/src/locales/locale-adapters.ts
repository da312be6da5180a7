import type { Locale } from '@lintel/contracts';
import type { Locale as AntdLocale } from 'antd/es/locale';

type Load<T> = () => Promise<{ default: T }>;

/**
 * The antd and dayjs locale modules of each product locale, loaded on demand so that the sign-in
 * page ships only the one in use. Portuguese follows the Brazilian wording of pt.json.
 */
export const ANTD_LOCALES: Record<Locale, Load<AntdLocale>> = {
  'zh-CN': () => import('antd/es/locale/zh_CN'),
  'zh-TW': () => import('antd/es/locale/zh_TW'),
  'zh-HK': () => import('antd/es/locale/zh_HK'),
  en: () => import('antd/es/locale/en_US'),
  de: () => import('antd/es/locale/de_DE'),
  es: () => import('antd/es/locale/es_ES'),
  fi: () => import('antd/es/locale/fi_FI'),
  fr: () => import('antd/es/locale/fr_FR'),
  it: () => import('antd/es/locale/it_IT'),
  ja: () => import('antd/es/locale/ja_JP'),
  ko: () => import('antd/es/locale/ko_KR'),
  no: () => import('antd/es/locale/nb_NO'),
  pl: () => import('antd/es/locale/pl_PL'),
  pt: () => import('antd/es/locale/pt_BR'),
  ru: () => import('antd/es/locale/ru_RU'),
  th: () => import('antd/es/locale/th_TH'),
  id: () => import('antd/es/locale/id_ID'),
  ms: () => import('antd/es/locale/ms_MY'),
  vi: () => import('antd/es/locale/vi_VN'),
};

/** dayjs locale names; importing the module registers it with dayjs. */
export const DAYJS_LOCALES: Record<Locale, [string, () => Promise<unknown>]> = {
  'zh-CN': ['zh-cn', () => import('dayjs/locale/zh-cn')],
  'zh-TW': ['zh-tw', () => import('dayjs/locale/zh-tw')],
  'zh-HK': ['zh-hk', () => import('dayjs/locale/zh-hk')],
  en: ['en', async () => undefined],
  de: ['de', () => import('dayjs/locale/de')],
  es: ['es', () => import('dayjs/locale/es')],
  fi: ['fi', () => import('dayjs/locale/fi')],
  fr: ['fr', () => import('dayjs/locale/fr')],
  it: ['it', () => import('dayjs/locale/it')],
  ja: ['ja', () => import('dayjs/locale/ja')],
  ko: ['ko', () => import('dayjs/locale/ko')],
  no: ['nb', () => import('dayjs/locale/nb')],
  pl: ['pl', () => import('dayjs/locale/pl')],
  pt: ['pt-br', () => import('dayjs/locale/pt-br')],
  ru: ['ru', () => import('dayjs/locale/ru')],
  th: ['th', () => import('dayjs/locale/th')],
  id: ['id', () => import('dayjs/locale/id')],
  ms: ['ms', () => import('dayjs/locale/ms')],
  vi: ['vi', () => import('dayjs/locale/vi')],
};

/** Each language named in itself, for the language switch. */
export const LOCALE_NAMES: Record<Locale, string> = {
  'zh-CN': '简体中文',
  'zh-TW': '繁體中文（台灣）',
  'zh-HK': '繁體中文（香港）',
  en: 'English',
  de: 'Deutsch',
  es: 'Español',
  fi: 'Suomi',
  fr: 'Français',
  it: 'Italiano',
  ja: '日本語',
  ko: '한국어',
  no: 'Norsk',
  pl: 'Polski',
  pt: 'Português',
  ru: 'Русский',
  th: 'ไทย',
  id: 'Bahasa Indonesia',
  ms: 'Bahasa Melayu',
  vi: 'Tiếng Việt',
};
