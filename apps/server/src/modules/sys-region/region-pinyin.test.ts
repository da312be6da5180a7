import { describe, expect, it } from 'vitest';
import { pinyinInitials } from './region-pinyin.js';

describe('pinyinInitials', () => {
  it('gives the initials of place names, including their own readings of polyphones', () => {
    const cases: Record<string, string> = {
      北京市: 'bjs',
      重庆市: 'cqs',
      厦门市: 'xms',
      长沙市: 'css',
      六安市: 'las',
      罗湖区: 'lhq',
      日照市: 'rzs',
      三亚市: 'sys',
      台州市: 'tzs',
      哈尔滨市: 'hebs',
      鄂州市: 'ezs',
      欧: 'o',
      武汉市: 'whs',
      郑州市: 'zzs',
      '天津经济技术开发区（其他片区）': 'tjjjjskfqqtpq',
      '441900-A1': '441900a1',
    };
    for (const [name, initials] of Object.entries(cases)) expect(pinyinInitials(name), name).toBe(initials);
  });
});
