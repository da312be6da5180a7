import { describe, expect, it } from 'vitest';
import { cellFormatter, dateTimeCell, enumCell, labelCell, localDateTime } from './cell-formats.js';

describe('export cell formats', () => {
  const formats = {
    status: enumCell('Status'),
    accountType: enumCell('AccountType'),
    sex: enumCell('Gender'),
    operation: labelCell('cell.operation'),
    createTime: dateTimeCell,
  };
  const keys = ['status', 'accountType', 'sex', 'operation', 'locked', 'createTime', 'name', 'remark'];

  it('writes coded values as their labels in the request’s language, flags as yes or no', () => {
    const row = {
      status: 1,
      accountType: 999,
      sex: 2,
      operation: 'update',
      locked: true,
      name: 'x',
      remark: null,
    };
    expect(cellFormatter(formats, 'en', keys)(row)).toMatchObject({
      status: 'Enabled',
      accountType: 'Super administrator',
      sex: 'Female',
      operation: 'Modified',
      locked: 'Yes',
      name: 'x',
      remark: null,
    });
    expect(cellFormatter(formats, 'zh-CN', keys)({ ...row, status: 2, locked: false })).toMatchObject({
      status: '停用',
      accountType: '超级管理员',
      sex: '女',
      operation: '修改',
      locked: '否',
    });
  });

  it('keeps a value it has no label for, and writes only the asked columns', () => {
    const out = cellFormatter(formats, 'en', ['status', 'operation'])({
      status: 7,
      operation: 'merge',
      name: 'x',
    });
    expect(out).toEqual({ status: 7, operation: 'merge' });
  });

  it('writes times as the local date and time of the instant, from ISO text with any offset or a Date', () => {
    const instant = new Date('2026-11-24T07:04:05.000Z');
    const local = localDateTime(instant);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/);
    const format = cellFormatter(formats, 'en', ['createTime', 'lastLoginTime']);
    expect(format({ createTime: '2026-11-24T15:04:05.000+08:00', lastLoginTime: instant })).toEqual({
      createTime: local,
      lastLoginTime: local,
    });
    expect(format({ createTime: null, lastLoginTime: undefined })).toEqual({
      createTime: null,
      lastLoginTime: undefined,
    });
  });
});
