import type { TenantFilter, TenantInput, TenantRow } from '@lintel/contracts';
import { KeyOutlined, MenuOutlined, PlusOutlined, TeamOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { useBatchActions } from '../../../shared/list/batch-actions';
import { DataTable } from '../../../shared/list/data-table';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { ListTools } from '../../../shared/list/list-tools';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addTenant,
  deleteTenant,
  pageTenants,
  resetTenantPassword,
  setTenantStatus,
  tenantKeys,
  updateTenant,
} from './tenant-api';
import { tenantColumns } from './tenant-columns';
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
  const [search] = Form.useForm<{ name?: string; phone?: string }>();
  const [mode, setMode] = useState<TenantFormMode | null>(null);
  const [dialog, setDialog] = useState<{ kind: Dialog; tenant: TenantRow } | null>(null);
  const [reset, setReset] = useState<{ tenant: TenantRow; password: string } | null>(null);
  const [modal, modalHolder] = Modal.useModal();

  // No column sorts: a table change moves only the page.
  const list = useServerList<TenantRow, TenantFilter>({
    key: tenantKeys.all,
    fetch: pageTenants,
    sortable: false,
  });
  const { refresh } = list;
  const batch = useBatchActions<TenantRow>({
    controller: 'sysTenant',
    label: (row) => row.name,
    status: true,
    onDone: refresh,
  });
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

  const columns = tenantColumns({
    t,
    has,
    status: {
      pendingId: status.isPending ? (status.variables?.id ?? null) : null,
      change: (id, on) => status.mutate({ id, on }),
    },
    edit: (row) => setMode({ kind: 'edit', row }),
    remove: (row) => remove.mutateAsync(row.id),
    more: moreItems,
  });
  const layout = useColumnSettings('sysTenant', columns);

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <SearchCard form={search} onSearch={list.search}>
        <Form.Item name="name" label={t('tenant.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="phone" label={t('tenant.phone')}>
          <Input allowClear maxLength={32} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('routes.sysTenant')}
              exportPath="/api/sysTenant/export"
              exportPermission="sysTenant:export"
              fileName="tenants"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        >
          {has('sysTenant:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<TenantRow>
          rowKey="id"
          selection={batch}
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
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
