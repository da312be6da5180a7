import { LOCALES, type Locale } from '@lintel/contracts';
import type { ModulePlan } from '../plan.js';

/** The page's own words in English and Chinese; the other locales take English (a translator's start). */
const WORDS = {
  en: {
    total: 'Total {{total}}',
    addTitle: 'Add',
    editTitle: 'Edit',
    deleteConfirm: 'Delete this row?',
    required: 'Enter {{field}}',
    yes: 'Yes',
    no: 'No',
    createTime: 'Created',
  },
  zh: {
    total: '共 {{total}} 条',
    addTitle: '新增',
    editTitle: '编辑',
    deleteConfirm: '确定删除这条记录吗？',
    required: '请输入{{field}}',
    yes: '是',
    no: '否',
    createTime: '创建时间',
  },
};

const isChinese = (locale: Locale) => locale.startsWith('zh');

/**
 * apps/web/src/locales/<controller>/<locale>.json for the 19 locales: Chinese takes the configured
 * labels and the business name, English labels from the column names, the others the configured
 * labels with English words around them.
 */
export function localeFiles(plan: ModulePlan): { locale: Locale; content: string }[] {
  return LOCALES.map((locale) => {
    const words = isChinese(locale) ? WORDS.zh : WORDS.en;
    const english = locale === 'en';
    const field: Record<string, string> = {};
    for (const f of plan.fields) field[f.prop] = english ? f.englishLabel : f.label;
    const { createTime, ...rest } = words;
    field.createTime = createTime;
    const title = english ? plan.className.replace(/(?<=[a-z0-9])(?=[A-Z])/g, ' ') : plan.title;
    return { locale, content: JSON.stringify({ title, ...rest, field }, null, 2) + '\n' };
  });
}
