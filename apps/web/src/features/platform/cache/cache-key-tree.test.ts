import { describe, expect, it } from 'vitest';
import { keyTree } from './cache-key-tree';

describe('keyTree', () => {
  it('groups keys by their first two segments, groups before keys, with counts', () => {
    const tree = keyTree(['sms:code:1:138', 'sms:code:1:139', 'sms:day:1:138', 'menus:epoch', 'plain']);
    expect(tree.map((n) => [n.key, n.count, n.isLeaf])).toEqual([
      ['menus:', 1, false],
      ['sms:', 3, false],
      ['plain', 1, true],
    ]);
    const sms = tree.find((n) => n.key === 'sms:')!;
    expect(sms.children!.map((n) => n.key)).toEqual(['sms:code:', 'sms:day:']);
    const code = sms.children![0]!;
    expect(code.children!.map((n) => [n.key, n.title])).toEqual([
      ['sms:code:1:138', '1:138'],
      ['sms:code:1:139', '1:139'],
    ]);
  });
});
