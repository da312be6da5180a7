import type { DictTypeInput, DictTypePageInput, DictTypeRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, InputNumber, Space, Switch, Table, Typography } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { FormModal } from '../../../shared/list/form-modal';
import { DeleteAction, RowAction, StatusRadio, statusValue } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addDictType,
  deleteDictType,
  dictKeys,
  pageDictTypes,
  setDictTypeStatus,
  updateDictType,
} from './dict-api';

type Mode = { kind: 'add' } | { kind: 'edit'; row: DictTypeRow };

interface Props {
  selected: DictTypeRow | null;
  onSelect(row: DictTypeRow | null): void;
}

/** The dictionary types: search, add, edit, delete, enable or disable; a click picks one. */
export function DictTypePanel({ selected, onSelect }: Props) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [mode, setMode] = useState<Mode | null>(null);
  const [form] = Form.useForm<DictTypeInput>();
  const list = useServerList<DictTypeRow, DictTypePageInput>({
    key: dictKeys.types,
    fetch: pageDictTypes,
    sortable: false,
  });
  const afterChange = async () => {
    await list.refresh();
  };
  // The items panel names the chosen type: keep it as the list now shows it (after an edit).
  useEffect(() => {
    const fresh = selected && list.rows.find((row) => row.id === selected.id);
    if (
      fresh &&
      (fresh.name !== selected.name || fresh.code !== selected.code || fresh.status !== selected.status)
    )
      onSelect(fresh);
  }, [list.rows, selected, onSelect]);
  const remove = useMutation({
    mutationFn: deleteDictType,
    onSuccess: (_, id) => {
      notifier().success(t('system.common.deleted'));
      if (selected?.id === id) onSelect(null);
    },
    onSettled: afterChange,
  });
  const status = useMutation({
    mutationFn: ({ id, value }: { id: string; value: number }) => setDictTypeStatus(id, value),
    onSettled: afterChange,
  });

  const values = useMemo(
    (): Partial<DictTypeInput> | null =>
      !mode
        ? null
        : mode.kind === 'add'
          ? { orderNo: 100, status: 1 }
          : {
              name: mode.row.name,
              code: mode.row.code,
              orderNo: mode.row.orderNo,
              status: statusValue(mode.row.status),
              remark: mode.row.remark ?? undefined,
            },
    [mode],
  );
  const submit = async (input: DictTypeInput) => {
    const body = { ...input, remark: input.remark ?? '' };
    if (mode?.kind === 'edit') await updateDictType({ ...body, id: mode.row.id });
    else await addDictType(body);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await afterChange();
  };

  return (
    <Card
      size="small"
      title={t('dict.types')}
      extra={
        has('sysDictType:add') && (
          <Button
            size="small"
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setMode({ kind: 'add' })}
          >
            {t('system.common.add')}
          </Button>
        )
      }
    >
      <Input.Search
        allowClear
        maxLength={64}
        placeholder={t('dict.searchTypes')}
        aria-label={t('dict.searchTypes')}
        onSearch={(text) => list.search({ name: text.trim() || undefined })}
        style={{ marginBottom: 8 }}
      />
      <Table<DictTypeRow>
        rowKey="id"
        size="small"
        loading={list.loading}
        dataSource={list.rows}
        onChange={list.onTableChange}
        pagination={{ ...list.paging, size: 'small', showSizeChanger: false }}
        rowClassName={(row) => (row.id === selected?.id ? 'ant-table-row-selected' : '')}
        onRow={(row) => ({ onClick: () => onSelect(row), style: { cursor: 'pointer' } })}
        columns={[
          {
            key: 'name',
            title: t('dict.typeName'),
            render: (_, row) => (
              <Flex vertical>
                <Typography.Text strong={row.id === selected?.id}>{row.name}</Typography.Text>
                <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                  {row.code}
                </Typography.Text>
              </Flex>
            ),
          },
          {
            key: 'status',
            title: t('system.common.status'),
            width: 70,
            render: (_, row) => (
              <span onClick={(e) => e.stopPropagation()}>
                <Switch
                  size="small"
                  checked={row.status === 1}
                  disabled={!has('sysDictType:setStatus')}
                  aria-label={t('dict.enableType', { name: row.name })}
                  onChange={(on) => status.mutate({ id: row.id, value: on ? 1 : 2 })}
                />
              </span>
            ),
          },
          {
            key: 'actions',
            title: t('system.common.actions'),
            width: 80,
            render: (_, row) => (
              <Space size={0} onClick={(e) => e.stopPropagation()}>
                {has('sysDictType:update') && (
                  <RowAction
                    title={t('system.common.edit')}
                    icon={<EditOutlined />}
                    onClick={() => setMode({ kind: 'edit', row })}
                  />
                )}
                {has('sysDictType:delete') && row.sysFlag !== 'Y' && (
                  <DeleteAction
                    confirm={t('dict.deleteTypeConfirm', { name: row.name })}
                    icon={<DeleteOutlined />}
                    onConfirm={() => remove.mutateAsync(row.id)}
                  />
                )}
              </Space>
            ),
          },
        ]}
      />
      <FormModal
        values={values}
        title={mode ? t(mode.kind === 'add' ? 'dict.addType' : 'dict.editType') : ''}
        form={form}
        onSubmit={submit}
        onClose={() => setMode(null)}
      >
        <Form.Item name="name" label={t('dict.typeName')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item
          name="code"
          label={t('dict.typeCode')}
          extra={t('dict.codeHint')}
          rules={[{ required: true, pattern: /^[A-Za-z][A-Za-z0-9_.:-]*$/, message: t('dict.codeHint') }]}
        >
          <Input maxLength={64} disabled={mode?.kind === 'edit' && mode.row.sysFlag === 'Y'} />
        </Form.Item>
        <Form.Item name="orderNo" label={t('system.common.order')}>
          <InputNumber min={0} max={1000000} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="status" label={t('system.common.status')}>
          <StatusRadio />
        </Form.Item>
        <Form.Item name="remark" label={t('system.common.remark')}>
          <Input.TextArea maxLength={256} rows={2} />
        </Form.Item>
      </FormModal>
    </Card>
  );
}
