import { describe, expect, it } from 'vitest';
import { toTableColumns } from './field-blacklist-drawer';

describe('field blacklist tree', () => {
  it('turns checked field leaves into per-table lists and ignores table nodes', () => {
    expect(toTableColumns(['sysUser', 'sysUser:phone', 'sysUser:email', 'sysOrg:code'])).toEqual([
      { tableName: 'sysUser', columns: ['phone', 'email'] },
      { tableName: 'sysOrg', columns: ['code'] },
    ]);
    expect(toTableColumns([])).toEqual([]);
  });
});
