import type { DictDataPageInput, DictDataRow, DictTypeRow } from '@lintel/contracts';
import { CopyOutlined, DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Empty, Flex, Form, Input, Space, Switch } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addDictData,
  deleteDictData,
  dictKeys,
  pageDictData,
  setDictDataStatus,
  updateDictData,
} from './dict-api';
import { DictDataForm, type DictDataFormValues, type DictDataMode } from './dict-data-form';
import { DictTag } from './dict-tag';

type Filter = Omit<DictDataPageInput, 'page' | 'pageSize'>;

/** The items of the chosen dictionary type: search, add, edit, copy, delete, enable or disable. */
export function DictDataPanel({ type }: { type: DictTypeRow | null }) {
  const { t } = useTranslation();
  if (!type)
    return (
      <Card size="small">
        <Empty description={t('dict.pickType')} />
      </Card>
    );
  return <Items key={type.id} type={type} />;
}

function Items({ type }: { type: DictTypeRow }) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [mode, setMode] = useState<DictDataMode | null>(null);
  const list = useServerList<DictDataRow, Filter>({
    key: [...dictKeys.data, type.id],
    fetch: pageDictData,
    fixed: { dictTypeId: type.id },
  });
  // The dict widgets of every page read these items too.
  const afterChange = async () => {
    await list.refresh();
    await queryClient.invalidateQueries({ queryKey: ['dict', type.code] });
  };
  const remove = useMutation({
    mutationFn: deleteDictData,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: afterChange,
  });
  const status = useMutation({
    mutationFn: ({ id, value }: { id: string; value: number }) => setDictDataStatus(id, value),
    onSettled: afterChange,
  });
  const submit = async (values: DictDataFormValues, current: DictDataMode) => {
    const body = { ...values, dictTypeId: type.id };
    if (current.kind === 'edit') await updateDictData({ ...body, id: current.row.id });
    else await addDictData(body);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await afterChange();
  };

  const columns: KitColumn<DictDataRow>[] = [
    {
      key: 'label',
      title: t('dict.label'),
      width: 160,
      render: (_: unknown, row) => <DictTag {...row} />,
    },
    { key: 'value', title: t('dict.value'), dataIndex: 'value', width: 120 },
    { key: 'code', title: t('dict.code'), dataIndex: 'code', width: 120 },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 70, align: 'center' },
    {
      key: 'status',
      title: t('system.common.status'),
      width: 80,
      render: (_: unknown, row) => (
        <Switch
          size="small"
          checked={row.status === 1}
          disabled={!has('sysDictData:setStatus')}
          aria-label={t('dict.enableItem', { label: row.label })}
          onChange={(on) => status.mutate({ id: row.id, value: on ? 1 : 2 })}
        />
      ),
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 160, ellipsis: true },
  ];
  if (has('sysDictData:update') || has('sysDictData:add') || has('sysDictData:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 120,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysDictData:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysDictData:add') && (
            <RowAction
              title={t('system.common.copy')}
              icon={<CopyOutlined />}
              onClick={() => setMode({ kind: 'copy', row })}
            />
          )}
          {has('sysDictData:delete') && (
            <DeleteAction
              confirm={t('dict.deleteItemConfirm', { label: row.label })}
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
        <Form.Item name="label" label={t('dict.label')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Form.Item name="value" label={t('dict.value')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
      </SearchCard>
      <Card size="small" title={t('dict.itemsOf', { name: type.name, code: type.code })}>
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysDictData:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('dict.addItem')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<DictDataRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <DictDataForm mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
    </Flex>
  );
}
