import type { SerialFilter, SerialInput, SerialRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined, VerticalAlignBottomOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Modal, Space, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { addSerial, deleteSerial, nextSerial, pageSerials, serialKeys, updateSerial } from './serial-api';
import { SerialFormModal, type SerialFormMode } from './serial-form-modal';

type Filter = Omit<SerialFilter, 'page' | 'pageSize'>;

/**
 * System → serial numbers (`/system/serial/index`): named sequences (prefix, date part, padding,
 * reset rule) with the number the next call would hand out, and a button that takes one.
 */
export default function SerialPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<SerialFormMode | null>(null);
  const list = useServerList<SerialRow, Filter>({ key: serialKeys.all, fetch: pageSerials });
  const refresh = () => queryClient.invalidateQueries({ queryKey: serialKeys.all });
  const remove = useMutation({
    mutationFn: deleteSerial,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const submit = async (values: SerialInput, current: SerialFormMode) => {
    if (current.kind === 'edit') await updateSerial({ ...values, id: current.row.id });
    else await addSerial(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };
  const take = async (row: SerialRow) => {
    try {
      const next = await nextSerial(row.code);
      Modal.success({
        title: t('serial.taken'),
        content: (
          <Typography.Text code copyable data-testid="serial-taken">
            {next.serial}
          </Typography.Text>
        ),
        okText: t('serial.close'),
      });
    } catch {
      // Shown by the API client.
    } finally {
      await refresh();
    }
  };

  const columns: KitColumn<SerialRow>[] = [
    { key: 'code', title: t('serial.code'), dataIndex: 'code', width: 130 },
    { key: 'name', title: t('serial.name'), dataIndex: 'name', width: 140 },
    {
      key: 'pattern',
      title: t('serial.pattern'),
      width: 170,
      render: (_: unknown, row) =>
        `${row.prefix}${row.datePart === 'none' ? '' : `{${row.datePart}}`}${'0'.repeat(row.padding)}`,
      text: (row) =>
        `${row.prefix}${row.datePart === 'none' ? '' : `{${row.datePart}}`}${'0'.repeat(row.padding)}`,
    },
    {
      key: 'resetRule',
      title: t('serial.resetRule'),
      dataIndex: 'resetRule',
      width: 110,
      render: (rule: string) => t(`serial.reset_${rule}`),
      text: (row) => t(`serial.reset_${row.resetRule}`),
    },
    {
      key: 'currentValue',
      title: t('serial.currentValue'),
      dataIndex: 'currentValue',
      width: 80,
      align: 'right',
    },
    {
      key: 'preview',
      title: t('serial.preview'),
      dataIndex: 'preview',
      width: 170,
      render: (preview: string) => <Tag color="blue">{preview}</Tag>,
    },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (status: number) => <StatusTag status={status} />,
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 160, ellipsis: true },
  ];
  if (has('sysSerial:update') || has('sysSerial:delete') || has('sysSerial:next')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 140,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysSerial:next') && (
            <Button
              type="text"
              icon={<VerticalAlignBottomOutlined />}
              aria-label={t('serial.next')}
              title={t('serial.next')}
              disabled={row.status !== 1}
              onClick={() => void take(row)}
            />
          )}
          {has('sysSerial:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysSerial:delete') && (
            <DeleteAction
              confirm={t('serial.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="code" label={t('serial.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('serial.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysSerial:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<SerialRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <SerialFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
    </Flex>
  );
}
