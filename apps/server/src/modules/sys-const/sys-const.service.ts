import type { Locale } from '@lintel/contracts';
import { notFound } from '../../platform/http/errors.js';
import { t } from '../../platform/i18n/index.js';
import { SysConstRepo, type ConstValue } from './sys-const.repo.js';

export interface ConstItem {
  code: string;
  name: string;
  value: ConstValue;
}

/** The shared enums as constant lists, named in the request language (`enum.<Type>.<Key>`). */
export class SysConstService {
  private readonly repo = new SysConstRepo();

  list(locale: Locale): { name: string; code: string; data: ConstItem[] }[] {
    return this.repo.typeNames().map((code) => ({
      name: t(locale, `enum.${code}`),
      code,
      data: this.data(locale, code),
    }));
  }

  /** The items of one type; 404 for a type that does not exist. */
  data(locale: Locale, typeName: string): ConstItem[] {
    const entries = this.repo.entries(typeName);
    if (!entries) throw notFound('const.notFound', { name: typeName });
    return entries.map(([key, value]) => ({ code: key, name: t(locale, `enum.${typeName}.${key}`), value }));
  }
}
