import type { GrantableMenu } from '@lintel/contracts';
import { describe, expect, it } from 'vitest';
import { checkedLeaves, toMenuTree, withAncestors } from './menu-tree';

const row = (id: string, pid: string, type = 2): GrantableMenu => ({
  id,
  pid,
  name: null,
  title: id,
  type,
  permission: null,
  icon: null,
  scope: 'tenant',
});

describe('role menu tree', () => {
  const tree = toMenuTree([
    row('sys', '0', 1),
    row('org', 'sys'),
    row('org:add', 'org', 3),
    row('org:del', 'org', 3),
    row('lone', 'gone'),
  ]);

  it('names entries through the given label', () => {
    expect(toMenuTree([row('a', '0')], (r) => `#${r.title}`)[0]!.title).toBe('#a');
  });

  it('links children to parents and keeps orphans as roots', () => {
    expect(tree.map((n) => n.key)).toEqual(['sys', 'lone']);
    expect(tree[0]!.children[0]!.children.map((n) => n.key)).toEqual(['org:add', 'org:del']);
  });

  it('checks only granted leaves, so a partly granted page is shown half checked', () => {
    expect(checkedLeaves(tree, ['sys', 'org', 'org:add'])).toEqual(['org:add']);
    expect(checkedLeaves(tree, ['sys', 'org', 'org:add', 'org:del', 'lone'])).toEqual([
      'org:add',
      'org:del',
      'lone',
    ]);
  });

  it('adds the directories above granted pages and buttons', () => {
    expect(withAncestors(tree, ['org:del']).sort()).toEqual(['org', 'org:del', 'sys']);
    expect(withAncestors(tree, [])).toEqual([]);
  });
});
