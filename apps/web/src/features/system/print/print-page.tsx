import type { PrintFilter, PrintRow } from '@lintel/contracts';
import { CopyOutlined, DeleteOutlined, EditOutlined, EyeOutlined, PlusOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import { PrintPreviewModal } from '../../../shared/print/print-preview';
import { emptyDraft, SAMPLE_DATA, type Draft } from './designer/designer-model';
import { PrintDesigner } from './designer/print-designer';
import { deletePrintTemplate, pagePrintTemplates, printAdminKeys, printTemplateDetail } from './print-api';

type Editing = Draft & { id?: string };

/** The fields of a row the designer edits (the row without its id and times). */
const draftOf = (row: PrintRow): Draft => ({
  name: row.name,
  bizType: row.bizType,
  template: row.template,
  paper: row.paper,
  width: row.width,
  height: row.height,
  orientation: row.orientation,
  marginTop: row.marginTop,
  marginRight: row.marginRight,
  marginBottom: row.marginBottom,
  marginLeft: row.marginLeft,
  orderNo: row.orderNo,
  status: row.status === 2 ? 2 : 1,
  remark: row.remark,
});

/** System → print templates (`/system/print/index`): the list, and the designer in its place. */
export default function PrintPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<PrintFilter>();
  const [editing, setEditing] = useState<Editing | null>(null);
  const [previewing, setPreviewing] = useState<PrintRow | null>(null);
  const list = useServerList<PrintRow, PrintFilter>({ key: printAdminKeys.all, fetch: pagePrintTemplates });
  const remove = useMutation({
    mutationFn: deletePrintTemplate,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: list.refresh,
  });
  // The list shows rows without reloading each; the designer edits the stored template.
  const open = async (row: PrintRow, copy = false) => {
    const full = await printTemplateDetail(row.id);
    setEditing(copy ? { ...draftOf(full), name: `${full.name} (2)` } : { ...draftOf(full), id: full.id });
  };

  if (editing) {
    return (
      <PrintDesigner
        key={editing.id ?? 'new'}
        initial={editing}
        onSaved={(id) => {
          setEditing((current) => current && { ...current, id });
          void list.refresh();
        }}
        onBack={() => {
          setEditing(null);
          void list.refresh();
        }}
      />
    );
  }

  const columns: KitColumn<PrintRow>[] = [
    { key: 'name', title: t('print.name'), dataIndex: 'name', width: 220 },
    {
      key: 'bizType',
      title: t('print.bizType'),
      dataIndex: 'bizType',
      width: 180,
      render: (b: string) => (BIZ_TITLES.includes(b) ? `${t(`routes.${b}`)} (${b})` : b),
    },
    {
      key: 'paper',
      title: t('print.sheet.paper'),
      dataIndex: 'paper',
      width: 140,
      render: (p: string, row) => `${t(`print.paper.${p}`)} ${row.width}×${row.height}`,
    },
    { key: 'orderNo', title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      key: 'status',
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} />,
    },
    { key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('system.common.actions'),
      key: 'actions',
      width: 160,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          <RowAction
            title={t('print.preview.open')}
            icon={<EyeOutlined />}
            onClick={() => setPreviewing(row)}
          />
          {has('sysPrint:update') && has('sysPrint:detail') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => void open(row)}
            />
          )}
          {has('sysPrint:add') && has('sysPrint:detail') && (
            <RowAction
              title={t('system.common.copy')}
              icon={<CopyOutlined />}
              onClick={() => void open(row, true)}
            />
          )}
          {has('sysPrint:delete') && (
            <DeleteAction
              confirm={t('print.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={list.search}>
        <Form.Item name="name" label={t('print.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="bizType" label={t('print.bizType')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysPrint:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing(emptyDraft())}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<PrintRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
      <PrintPreviewModal
        sheet={previewing}
        records={previewing ? [(SAMPLE_DATA[previewing.bizType] as Record<string, unknown>) ?? {}] : []}
        title={previewing?.name ?? ''}
        onClose={() => setPreviewing(null)}
      />
    </Flex>
  );
}

/** Lists with a route title of their own. */
const BIZ_TITLES = ['sysUser', 'sysPos'];
