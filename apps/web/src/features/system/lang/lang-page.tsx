import type { LangInput, LangPageInput, LangRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, InputNumber, Space, Switch } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { FormModal } from '../../../shared/list/form-modal';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { addLang, deleteLang, langKeys, pageLangs, updateLang } from './lang-api';

type Filter = Omit<LangPageInput, 'page' | 'pageSize'>;
type Mode = { kind: 'add' } | { kind: 'edit'; row: LangRow };

const inputOf = (row: LangRow): LangInput => ({
  code: row.code,
  name: row.name,
  nativeName: row.nativeName,
  active: row.active,
  orderNo: row.orderNo,
  remark: row.remark,
});

/** Platform → languages (`/system/lang/index`): the languages the product offers, active or not. */
export default function LangPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Filter>();
  const [form] = Form.useForm<LangInput>();
  const [mode, setMode] = useState<Mode | null>(null);
  const list = useServerList<LangRow, Filter>({ key: langKeys.all, fetch: pageLangs });
  const refresh = () => queryClient.invalidateQueries({ queryKey: langKeys.all });
  const remove = useMutation({
    mutationFn: deleteLang,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const toggle = useMutation({
    mutationFn: (row: LangRow) => updateLang({ ...inputOf(row), id: row.id, active: !row.active }),
    onSettled: refresh,
  });
  const values = useMemo(
    (): Partial<LangInput> | null =>
      !mode ? null : mode.kind === 'add' ? { active: true, orderNo: 100 } : inputOf(mode.row),
    [mode],
  );
  const submit = async (input: LangInput) => {
    if (mode?.kind === 'edit') await updateLang({ ...input, id: mode.row.id });
    else await addLang(input);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: KitColumn<LangRow>[] = [
    { key: 'code', title: t('config.lang.code'), dataIndex: 'code', width: 110 },
    { key: 'nativeName', title: t('config.lang.nativeName'), dataIndex: 'nativeName', width: 180 },
    { key: 'name', title: t('config.lang.name'), dataIndex: 'name', width: 180 },
    {
      key: 'active',
      title: t('config.lang.active'),
      width: 90,
      render: (_: unknown, row) => (
        <Switch
          size="small"
          checked={row.active}
          disabled={!has('sysLang:update')}
          aria-label={t('config.lang.activate', { name: row.nativeName })}
          onChange={() => toggle.mutate(row)}
        />
      ),
    },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 70, align: 'center' },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', width: 200, ellipsis: true },
  ];
  if (has('sysLang:update') || has('sysLang:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 100,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysLang:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysLang:delete') && (
            <DeleteAction
              confirm={t('config.lang.deleteConfirm', { name: row.nativeName })}
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
      <SearchCard form={search} onSearch={(v) => list.search(v ?? {})}>
        <Form.Item name="keyword" label={t('config.lang.keyword')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysLang:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<LangRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <FormModal
        values={values}
        title={mode ? t(mode.kind === 'add' ? 'config.lang.addTitle' : 'config.lang.editTitle') : ''}
        form={form}
        onSubmit={submit}
        onClose={() => setMode(null)}
      >
        <Form.Item
          name="code"
          label={t('config.lang.code')}
          extra={t('config.lang.codeHint')}
          rules={[
            {
              required: true,
              pattern: /^[a-z]{2,3}(-[A-Za-z0-9]{2,8})*$/,
              message: t('config.lang.codeHint'),
            },
          ]}
        >
          <Input maxLength={16} />
        </Form.Item>
        <Form.Item
          name="nativeName"
          label={t('config.lang.nativeName')}
          rules={[{ required: true, whitespace: true }]}
        >
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="name" label={t('config.lang.name')} rules={[{ required: true, whitespace: true }]}>
          <Input maxLength={64} />
        </Form.Item>
        <Form.Item name="active" label={t('config.lang.active')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="orderNo" label={t('system.common.order')}>
          <InputNumber min={0} max={999999} style={{ width: '100%' }} />
        </Form.Item>
        <Form.Item name="remark" label={t('system.common.remark')}>
          <Input.TextArea maxLength={256} rows={2} />
        </Form.Item>
      </FormModal>
    </Flex>
  );
}
