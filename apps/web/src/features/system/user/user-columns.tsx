import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  SafetyOutlined,
  UnlockOutlined,
} from '@ant-design/icons';
import {
  type AccountAction,
  type AccountActor,
  accountRefusal,
  AccountType,
  type UserRow,
} from '@lintel/contracts';
import { Space, Switch, Tag } from 'antd';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DeleteAction, RowAction, StatusTag } from '../../../shared/list/list-parts';

export interface UserColumnsInput {
  t: TFunction;
  has(permission: string): boolean;
  /**
   * The signed-in account. Each row shows only the actions the server's account policy allows it
   * (contracts `accountRefusal`): none that change an account of a higher kind, no status switch,
   * delete, roles or password reset on its own row.
   */
  me: AccountActor | undefined;
  /** The status switch of a row: which row is saving, and how to change it. */
  status: { pendingId: string | null; change(id: string, on: boolean): void };
  edit(row: UserRow): void;
  copy(row: UserRow): void;
  grantRoles(row: UserRow): void;
  resetPassword(row: UserRow): void;
  unlock(row: UserRow): void;
  remove(row: UserRow): Promise<unknown>;
}

/**
 * The columns of the account list. Keys are the field names the server knows: the export asks for
 * them; the actions column is neither exported nor printed.
 */
export function userColumns(input: UserColumnsInput): KitColumn<UserRow>[] {
  const { t, has, me, status, edit, copy, grantRoles, resetPassword, unlock, remove } = input;
  const may = (permission: string, action: AccountAction, row: UserRow) =>
    has(permission) && !!me && accountRefusal(me, row, action) === null;
  const statusText = (row: UserRow) =>
    [row.status === 1 ? t('system.common.enabled') : t('system.common.disabled')]
      .concat(row.locked ? [t('user.locked')] : [])
      .join(', ');
  // Keys are the field names the server knows: the export asks for them.
  const columns: KitColumn<UserRow>[] = [
    {
      key: 'account',
      title: t('user.field.account'),
      dataIndex: 'account',
      width: 140,
      fixed: 'left',
      sorter: true,
    },
    { key: 'realName', title: t('personal.field.realName'), dataIndex: 'realName', width: 120, sorter: true },
    { key: 'phone', title: t('personal.field.phone'), dataIndex: 'phone', width: 130 },
    { key: 'orgName', title: t('user.field.org'), dataIndex: 'orgName', width: 140, ellipsis: true },
    { key: 'posName', title: t('user.field.pos'), dataIndex: 'posName', width: 120, ellipsis: true },
    {
      key: 'accountType',
      title: t('user.field.accountType'),
      dataIndex: 'accountType',
      width: 120,
      render: (type: number) => <AccountTypeTag type={type} />,
      text: (row) => accountTypeLabel(t, row.accountType),
    },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 110,
      text: statusText,
      render: (value: number, row) =>
        may('sysUser:setStatus', 'status', row) ? (
          <Space size={4}>
            <Switch
              size="small"
              checked={value === 1}
              aria-label={t('user.statusOf', { account: row.account })}
              loading={status.pendingId === row.id}
              onChange={(on) => status.change(row.id, on)}
            />
            {row.locked && <Tag color="warning">{t('user.locked')}</Tag>}
          </Space>
        ) : (
          <Space size={4}>
            <StatusTag status={value} />
            {row.locked && <Tag color="warning">{t('user.locked')}</Tag>}
          </Space>
        ),
    },
    {
      key: 'orderNo',
      title: t('system.common.order'),
      dataIndex: 'orderNo',
      width: 80,
      align: 'center',
      sorter: true,
    },
    {
      key: 'lastLoginTime',
      title: t('user.field.lastLogin'),
      dataIndex: 'lastLoginTime',
      width: 170,
      render: shortTime,
      text: (row) => shortTime(row.lastLoginTime),
      sorter: true,
    },
    {
      key: 'createTime',
      title: t('user.field.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: shortTime,
      text: (row) => shortTime(row.createTime),
      sorter: true,
    },
  ];
  const actions = [
    'sysUser:update',
    'sysUser:add',
    'sysUser:delete',
    'sysUser:resetPwd',
    'sysUser:grantRole',
  ];
  if (actions.some(has)) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      width: 230,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {may('sysUser:update', 'update', row) && has('sysUser:detail') && (
            <RowAction title={t('system.common.edit')} icon={<EditOutlined />} onClick={() => edit(row)} />
          )}
          {has('sysUser:add') && has('sysUser:detail') && (
            <RowAction title={t('system.common.copy')} icon={<CopyOutlined />} onClick={() => copy(row)} />
          )}
          {may('sysUser:grantRole', 'roles', row) && (
            <RowAction
              title={t('user.grantRole')}
              icon={<SafetyOutlined />}
              onClick={() => grantRoles(row)}
            />
          )}
          {may('sysUser:resetPwd', 'resetPwd', row) && (
            <RowAction
              title={t('user.resetPassword')}
              icon={<KeyOutlined />}
              onClick={() => resetPassword(row)}
            />
          )}
          {may('sysUser:unlockLogin', 'unlock', row) && row.locked && (
            <RowAction title={t('user.unlock')} icon={<UnlockOutlined />} onClick={() => unlock(row)} />
          )}
          {may('sysUser:delete', 'delete', row) && row.accountType !== AccountType.SuperAdmin && (
            <DeleteAction
              confirm={t('user.deleteConfirm', { account: row.account })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove(row)}
            />
          )}
        </Space>
      ),
    });
  }
  return columns;
}

const shortTime = (value: string | null) => (value ? value.slice(0, 19).replace('T', ' ') : '');

const ACCOUNT_TYPES: Record<number, [key: string, color: string]> = {
  [AccountType.SuperAdmin]: ['user.type.superAdmin', 'red'],
  [AccountType.SysAdmin]: ['user.type.sysAdmin', 'volcano'],
  [AccountType.Member]: ['user.type.member', 'blue'],
  [AccountType.Other]: ['user.type.other', 'default'],
};
const accountTypeOf = (type: number) => ACCOUNT_TYPES[type] ?? ['user.type.normal', 'green'];

const accountTypeLabel = (t: TFunction, type: number) => t(accountTypeOf(type)[0]);

function AccountTypeTag({ type }: { type: number }) {
  const { t } = useTranslation();
  return <Tag color={accountTypeOf(type)[1]}>{accountTypeLabel(t, type)}</Tag>;
}
