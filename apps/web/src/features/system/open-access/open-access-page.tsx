import type { OpenAccessFilter, OpenAccessRow, OpenAccessSecret } from '@lintel/contracts';
import {
  DeleteOutlined,
  EditOutlined,
  KeyOutlined,
  PlusOutlined,
  SafetyCertificateOutlined,
} from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Popconfirm, Space, Tabs, Typography } from 'antd';
import dayjs from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addOpenAccess,
  deleteOpenAccess,
  openAccessKeys,
  pageOpenAccess,
  rotateOpenAccessSecret,
  updateOpenAccess,
} from './open-access-api';
import { accountLabel, OpenAccessFormModal, type OpenAccessFormMode } from './open-access-form-modal';
import { SecretModal } from './secret-modal';
import { SignatureHelper } from './signature-helper';

type Filter = Omit<OpenAccessFilter, 'page' | 'pageSize'>;
const time = (iso: string | null) => (iso ? dayjs(iso).format('YYYY-MM-DD HH:mm:ss') : '');

/**
 * System → open access (`/system/openAccess/index`): access keys that let another program call the
 * API as one account, with signed requests (docs/open-api.md), and the signature helper.
 */
export default function OpenAccessPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<OpenAccessFormMode | null>(null);
  const [secret, setSecret] = useState<OpenAccessSecret | null>(null);
  const [tab, setTab] = useState('keys');
  const [signing, setSigning] = useState<string | undefined>();
  const list = useServerList<OpenAccessRow, Filter>({ key: openAccessKeys.all, fetch: pageOpenAccess });
  const refresh = () => queryClient.invalidateQueries({ queryKey: openAccessKeys.all });
  const remove = useMutation({
    mutationFn: deleteOpenAccess,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const submit = async (values: Parameters<typeof addOpenAccess>[0], current: OpenAccessFormMode) => {
    if (current.kind === 'edit') {
      await updateOpenAccess({ ...values, id: current.row.id });
      notifier().success(t('system.common.saved'));
    } else {
      setSecret(await addOpenAccess(values));
    }
    setMode(null);
    await refresh();
  };
  const rotate = async (row: OpenAccessRow) => {
    try {
      setSecret(await rotateOpenAccessSecret(row.id));
    } catch {
      // Shown by the API client.
    }
  };

  const columns: KitColumn<OpenAccessRow>[] = [
    {
      key: 'accessKey',
      title: t('openAccess.accessKey'),
      dataIndex: 'accessKey',
      width: 350,
      render: (key: string) => (
        <Typography.Text code copyable>
          {key}
        </Typography.Text>
      ),
    },
    {
      key: 'bindUser',
      title: t('openAccess.bindUser'),
      width: 180,
      render: (_: unknown, row) => accountLabel(row.bindUserAccount, row.bindUserName),
      text: (row) => accountLabel(row.bindUserAccount, row.bindUserName),
    },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: number) => <StatusTag status={status} />,
    },
    {
      key: 'lastUsedTime',
      title: t('openAccess.lastUsed'),
      width: 200,
      render: (_: unknown, row) =>
        row.lastUsedTime ? `${time(row.lastUsedTime)} ${row.lastUsedIp ?? ''}` : '-',
      text: (row) => time(row.lastUsedTime),
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 160, ellipsis: true },
    {
      key: 'createTime',
      title: t('openAccess.createTime'),
      width: 170,
      render: (_: unknown, row) => time(row.createTime),
    },
  ];
  if (has('sysOpenAccess:update') || has('sysOpenAccess:delete') || has('sysOpenAccess:secret')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 170,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysOpenAccess:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysOpenAccess:secret') && (
            <Popconfirm
              title={t('openAccess.rotateConfirm')}
              okText={t('openAccess.rotate')}
              cancelText={t('system.common.cancel')}
              onConfirm={() => rotate(row)}
            >
              <Button
                type="text"
                icon={<KeyOutlined />}
                aria-label={t('openAccess.rotate')}
                title={t('openAccess.rotate')}
              />
            </Popconfirm>
          )}
          {has('sysOpenAccess:generateSignature') && (
            <RowAction
              title={t('openAccess.sign')}
              icon={<SafetyCertificateOutlined />}
              onClick={() => {
                setSigning(row.accessKey);
                setTab('helper');
              }}
            />
          )}
          {has('sysOpenAccess:delete') && (
            <DeleteAction
              confirm={t('openAccess.deleteConfirm')}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }

  const keys = (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="accessKey" label={t('openAccess.accessKey')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysOpenAccess:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<OpenAccessRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
    </Flex>
  );
  const items = [
    { key: 'keys', label: t('openAccess.keys'), children: keys },
    has('sysOpenAccess:generateSignature') && {
      key: 'helper',
      label: t('openAccess.helperTitle'),
      children: <SignatureHelper accessKey={signing} />,
    },
  ].filter((item) => !!item);
  return (
    <>
      <Tabs activeKey={tab} onChange={setTab} items={items} />
      <OpenAccessFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <SecretModal secret={secret} onClose={() => setSecret(null)} />
    </>
  );
}
