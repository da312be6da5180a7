import { DeleteOutlined, EditOutlined, MoreOutlined } from '@ant-design/icons';
import { DEFAULT_TENANT_ID, TenantType, type TenantRow } from '@lintel/contracts';
import { Button, Dropdown, Space, Switch, Tag, type MenuProps } from 'antd';
import type { TFunction } from 'i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DeleteAction, RowAction, StatusTag } from '../../../shared/list/list-parts';

export interface TenantColumnsInput {
  t: TFunction;
  has(permission: string): boolean;
  /** The status switch of a row: whether it is saving, and how to change it. */
  status: { pendingId: string | null; change(id: string, on: boolean): void };
  edit(row: TenantRow): void;
  remove(row: TenantRow): Promise<unknown>;
  /** The row's further actions (menus, accounts, password reset) the user may take. */
  more(row: TenantRow): NonNullable<MenuProps['items']>;
}

const shortTime = (value: string) => value.slice(0, 19).replace('T', ' ');

/**
 * The columns of the tenant list. Keys are the field names the server knows: the export asks for
 * them; the actions column is neither exported nor printed.
 */
export function tenantColumns({ t, has, status, edit, remove, more }: TenantColumnsInput) {
  const typeText = (v: number) => (v === TenantType.Id ? t('tenant.typeShared') : t('tenant.typeOwnDb'));
  const columns: KitColumn<TenantRow>[] = [
    { key: 'name', title: t('tenant.name'), dataIndex: 'name', width: 180, ellipsis: true },
    { key: 'adminAccount', title: t('tenant.adminAccount'), dataIndex: 'adminAccount', width: 140 },
    { key: 'phone', title: t('tenant.phone'), dataIndex: 'phone', width: 130 },
    { key: 'host', title: t('tenant.host'), dataIndex: 'host', width: 180, ellipsis: true },
    {
      key: 'tenantType',
      title: t('tenant.tenantType'),
      dataIndex: 'tenantType',
      width: 130,
      render: (v: number) => <Tag color={v === TenantType.Id ? 'blue' : 'purple'}>{typeText(v)}</Tag>,
      text: (row) => typeText(row.tenantType),
    },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 100,
      text: (row) => (row.status === 1 ? t('system.common.enabled') : t('system.common.disabled')),
      render: (value: number, row) =>
        // The default (platform) tenant is never disabled or deleted.
        has('sysTenant:setStatus') && row.id !== DEFAULT_TENANT_ID ? (
          <Switch
            size="small"
            checked={value === 1}
            loading={status.pendingId === row.id}
            onChange={(on) => status.change(row.id, on)}
            aria-label={t('tenant.statusOf', { name: row.name })}
          />
        ) : (
          <StatusTag status={value} />
        ),
    },
    {
      key: 'createTime',
      title: t('tenant.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: shortTime,
      text: (row) => shortTime(row.createTime),
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      exportable: false,
      render: (_: unknown, row) => {
        const items = more(row);
        return (
          <Space size={0}>
            {has('sysTenant:update') && (
              <RowAction title={t('system.common.edit')} icon={<EditOutlined />} onClick={() => edit(row)} />
            )}
            {has('sysTenant:delete') && row.id !== DEFAULT_TENANT_ID && (
              <DeleteAction
                confirm={t('tenant.deleteConfirm', { name: row.name })}
                icon={<DeleteOutlined />}
                onConfirm={() => remove(row)}
              />
            )}
            {items.length > 0 && (
              <Dropdown menu={{ items }} trigger={['click']}>
                <Button type="text" icon={<MoreOutlined />} aria-label={t('tenant.more')} />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];
  return columns;
}
