import {
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  MenuOutlined,
  MoreOutlined,
  PlusOutlined,
  TeamOutlined,
} from '@ant-design/icons';
import { DEFAULT_TENANT_ID } from '@lintel/contracts';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Dropdown,
  Flex,
  Form,
  Input,
  Modal,
  Space,
  Switch,
  Table,
  Tag,
  Typography,
} from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addTenant,
  deleteTenant,
  pageTenants,
  resetTenantPassword,
  setTenantStatus,
  tenantKeys,
  TENANT_TYPE_SHARED,
  updateTenant,
  type TenantInput,
  type TenantQuery,
  type TenantRow,
} from './tenant-api';
import { TenantFormModal, type TenantFormMode } from './tenant-form-modal';
import { TenantMenuDrawer } from './tenant-menu-drawer';
import { TenantUsersDrawer } from './tenant-users-drawer';

type Dialog = 'menus' | 'users';

/** Sends blank optional texts as null and leaves out a blank title (the tenant keeps its own). */
function cleaned(values: TenantInput): TenantInput {
  const out: Record<string, unknown> = { ...values };
  for (const [key, value] of Object.entries(out)) {
    if (typeof value === 'string') out[key] = value.trim() === '' ? null : value.trim();
  }
  if (out.title === null) delete out.title;
  return out as unknown as TenantInput;
}

/** Platform → tenants (`/system/tenant/index`): tenants, their menus, administrator and accounts. */
export default function TenantPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<{ name?: string; phone?: string }>();
  const [query, setQuery] = useState<TenantQuery>({ page: 1, pageSize: 20 });
  const [mode, setMode] = useState<TenantFormMode | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; tenant: TenantRow } | null>(null);
  const [reset, setReset] = useState<{ tenant: TenantRow; password: string } | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  const { data, isFetching, refetch } = useQuery({
    queryKey: tenantKeys.page(query),
    queryFn: () => pageTenants(query),
    placeholderData: keepPreviousData,
  });
  const refresh = () => queryClient.invalidateQueries({ queryKey: tenantKeys.all });
  const status = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => setTenantStatus(id, on ? 1 : 2),
    onSuccess: () => notifier().success(t('system.common.saved')),
    onSettled: refresh,
  });
  const remove = useMutation({
    mutationFn: deleteTenant,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const submit = async (values: TenantInput, current: TenantFormMode) => {
    const body = cleaned(values);
    if (current.kind === 'edit') await updateTenant({ ...body, id: current.row.id });
    else await addTenant(body);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const confirmReset = (tenant: TenantRow) =>
    modal.confirm({
      title: t('tenant.resetPwdConfirm', { name: tenant.name, account: tenant.adminAccount ?? '' }),
      okText: t('tenant.resetPwd'),
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        const password = await resetTenantPassword(tenant.id);
        setReset({ tenant, password });
      },
    });

  const moreItems = (row: TenantRow) =>
    [
      has('sysTenant:grantMenu') && { key: 'menus', icon: <MenuOutlined />, label: t('tenant.grantMenu') },
      has('sysTenant:userList') && { key: 'users', icon: <TeamOutlined />, label: t('tenant.userList') },
      has('sysTenant:resetPwd') && { key: 'resetPwd', icon: <KeyOutlined />, label: t('tenant.resetPwd') },
    ]
      .filter((item) => !!item)
      .map((item) => ({
        ...item,
        onClick: () =>
          item.key === 'resetPwd' ? confirmReset(row) : setDialog({ kind: item.key as Dialog, tenant: row }),
      }));

  const columns: ColumnsType<TenantRow> = [
    { title: t('tenant.name'), dataIndex: 'name', width: 180, ellipsis: true },
    { title: t('tenant.adminAccount'), dataIndex: 'adminAccount', width: 140 },
    { title: t('tenant.phone'), dataIndex: 'phone', width: 130 },
    { title: t('tenant.host'), dataIndex: 'host', width: 180, ellipsis: true },
    {
      title: t('tenant.tenantType'),
      dataIndex: 'tenantType',
      width: 130,
      render: (v: number) => (
        <Tag color={v === TENANT_TYPE_SHARED ? 'blue' : 'purple'}>
          {v === TENANT_TYPE_SHARED ? t('tenant.typeShared') : t('tenant.typeOwnDb')}
        </Tag>
      ),
    },
    {
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: number, row) =>
        // The default (platform) tenant is never disabled or deleted.
        has('sysTenant:setStatus') && row.id !== DEFAULT_TENANT_ID ? (
          <Switch
            size="small"
            checked={value === 1}
            loading={status.isPending && status.variables?.id === row.id}
            onChange={(on) => status.mutate({ id: row.id, on })}
            aria-label={t('tenant.statusOf', { name: row.name })}
          />
        ) : (
          <StatusTag status={value} />
        ),
    },
    {
      title: t('tenant.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: (v: string) => v.slice(0, 19).replace('T', ' '),
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 140,
      render: (_: unknown, row) => {
        const more = moreItems(row);
        return (
          <Space size={0}>
            {has('sysTenant:update') && (
              <RowAction
                title={t('system.common.edit')}
                icon={<EditOutlined />}
                onClick={() => setMode({ kind: 'edit', row })}
              />
            )}
            {has('sysTenant:delete') && row.id !== DEFAULT_TENANT_ID && (
              <DeleteAction
                confirm={t('tenant.deleteConfirm', { name: row.name })}
                icon={<DeleteOutlined />}
                onConfirm={() => remove.mutateAsync(row.id)}
              />
            )}
            {more.length > 0 && (
              <Dropdown menu={{ items: more }} trigger={['click']}>
                <Button type="text" icon={<MoreOutlined />} aria-label={t('tenant.more')} />
              </Dropdown>
            )}
          </Space>
        );
      },
    },
  ];

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <SearchCard
        form={search}
        onSearch={(values) => setQuery({ page: 1, pageSize: query.pageSize, ...values })}
      >
        <Form.Item name="name" label={t('tenant.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('tenant.phone')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysTenant:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <Table<TenantRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={data?.items ?? []}
          loading={isFetching}
          scroll={{ x: 1100 }}
          pagination={{
            current: query.page,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: [10, 20, 50, 100, 200, 500],
            onChange: (page, pageSize) => setQuery({ ...query, page, pageSize }),
          }}
        />
      </Card>
      <TenantFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <TenantMenuDrawer
        tenant={dialog?.kind === 'menus' ? dialog.tenant : null}
        onClose={() => setDialog(null)}
      />
      <TenantUsersDrawer
        tenant={dialog?.kind === 'users' ? dialog.tenant : null}
        onClose={() => setDialog(null)}
      />
      <Modal
        open={!!reset}
        title={t('tenant.newPasswordTitle')}
        onCancel={() => setReset(null)}
        onOk={() => setReset(null)}
        cancelButtonProps={{ style: { display: 'none' } }}
        okText={t('tenant.done')}
        destroyOnHidden
      >
        {reset && (
          <Flex vertical gap={8}>
            <Typography.Text>
              {t('tenant.newPasswordOf', {
                account: reset.tenant.adminAccount ?? '',
                name: reset.tenant.name,
              })}
            </Typography.Text>
            <Typography.Text
              code
              strong
              style={{ fontSize: 18 }}
              copyable={{ text: reset.password, tooltips: [t('tenant.copy'), t('tenant.copied')] }}
            >
              {reset.password}
            </Typography.Text>
            <Typography.Text type="secondary">{t('tenant.newPasswordHint')}</Typography.Text>
          </Flex>
        )}
      </Modal>
    </Flex>
  );
}
