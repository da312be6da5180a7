/** Wire shapes every endpoint shares (ARCHITECTURE section 4). */

export type ResultType = 'success' | 'warning' | 'error';

export interface ApiResult<T> {
  code: number;
  type: ResultType;
  message: string;
  result: T;
  extras: unknown;
  time: string;
}

export interface PageInput {
  page?: number;
  pageSize?: number;
  field?: string;
  order?: string;
  descStr?: string;
  /** Keyset paging (wire/paging.ts KeysetFields), on the lists that accept it. */
  afterId?: string;
}

export interface PageResult<T> {
  page: number;
  pageSize: number;
  total: number;
  totalPages: number;
  items: T[];
  hasPrevPage: boolean;
  hasNextPage: boolean;
}

export const DEFAULT_TENANT_ID = '1300000000001';
export const PRODUCT_LABEL = 'lintel';
/** Response headers carrying a fresh token pair, and the value that tells the client to sign out. */
export const ACCESS_TOKEN_HEADER = 'access-token';
export const REFRESH_TOKEN_HEADER = 'x-access-token';
export const INVALID_TOKEN = 'invalid_token';

/** The 19 locales of the product. zh-CN is the default. */
export const LOCALES = [
  'zh-CN',
  'zh-TW',
  'zh-HK',
  'en',
  'de',
  'es',
  'fi',
  'fr',
  'it',
  'ja',
  'ko',
  'no',
  'pl',
  'pt',
  'ru',
  'th',
  'id',
  'ms',
  'vi',
] as const;
export type Locale = (typeof LOCALES)[number];
export const DEFAULT_LOCALE: Locale = 'zh-CN';
