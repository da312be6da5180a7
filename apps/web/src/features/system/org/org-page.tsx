import type { OrgFilter, OrgNode } from '@lintel/contracts';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Space, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useBatchActions } from '../../../shared/list/batch-actions';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { tableRowSelection } from '../../../shared/list/row-selection';
import { SelectionBar } from '../../../shared/list/selection-bar';
import { ModificationRecordAction } from '../../../shared/list/modification-record';
import { notifier } from '../../../shared/api/notify';
import { DictField } from '../../../shared/dict/dict-field';
import { usePermissions } from '../../../shared/permission/permissions';
import { useHiddenFields, withoutHidden } from '../../../shared/permission/hidden-fields';
import { useUserInfo } from '../../../shared/session/use-session';
import { addOrg, allIds, deleteOrg, listOrgs, orgKeys, trimLeaves, updateOrg } from './org-api';
import { OrgFormModal, type OrgFormMode } from './org-form-modal';

/** System → organisations (`/system/org/index`): the tree within the user's data scope. */
export default function OrgPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const hidden = useHiddenFields('sysOrg');
  const user = useUserInfo().data;
  const queryClient = useQueryClient();
  const [search] = Form.useForm<OrgFilter>();
  const [filter, setFilter] = useState<OrgFilter>({});
  const [expanded, setExpanded] = useState<readonly React.Key[] | null>(null);
  const [mode, setMode] = useState<OrgFormMode | null>(null);

  const {
    data = [],
    isFetching,
    refetch,
  } = useQuery({
    queryKey: orgKeys.list(filter),
    queryFn: () => listOrgs(filter),
    placeholderData: keepPreviousData,
  });
  const tree = useMemo(() => trimLeaves(data), [data]);
  // Until the user folds or unfolds, the first two levels are open.
  const expandedKeys = expanded ?? data.map((n) => n.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: orgKeys.all });
  // A tree: ticks are per node (a parent's tick leaves its children alone); the server deletes a
  // parent ticked with its children after them.
  const batch = useBatchActions<OrgNode>({ controller: 'sysOrg', label: (row) => row.name, onDone: refresh });

  const remove = useMutation({
    mutationFn: deleteOrg,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });

  const submit = async (values: Parameters<typeof addOrg>[0], current: OrgFormMode) => {
    // A hidden field (field blacklist) is neither shown nor sent: the server keeps its value.
    if (current.kind === 'edit') await updateOrg({ ...withoutHidden(values, hidden), id: current.row.id });
    else await addOrg(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const typeTag = (value: string | null) => <DictField code="org_type" mode="tag" value={value} />;

  const columns: ColumnsType<OrgNode> = [
    { title: t('system.org.name'), dataIndex: 'name', width: 260 },
    { title: t('system.org.code'), dataIndex: 'code', width: 140 },
    { title: t('system.org.type'), dataIndex: 'type', width: 110, render: typeTag },
    { title: t('system.org.level'), dataIndex: 'level', width: 80, align: 'center' },
    { title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 90,
      render: (s: number) => <StatusTag status={s} />,
    },
    { title: t('system.common.updatedBy'), dataIndex: 'updateUserName', width: 120, ellipsis: true },
    { title: t('system.common.remark'), dataIndex: 'remark', ellipsis: true },
  ];
  if (has('sysOrg:add') || has('sysOrg:update') || has('sysOrg:delete')) {
    columns.push({
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysOrg:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysOrg:add') && (
            <RowAction
              title={t('system.org.addChild')}
              icon={<PlusOutlined />}
              onClick={() => setMode({ kind: 'add', pid: row.id })}
            />
          )}
          {has('sysOrg:add') && (
            <RowAction
              title={t('system.common.copy')}
              icon={<CopyOutlined />}
              onClick={() => setMode({ kind: 'copy', row })}
            />
          )}
          <ModificationRecordAction table="sysOrg" rowId={row.id} name={row.name} />
          {has('sysOrg:delete') && (
            <DeleteAction
              confirm={t('system.org.deleteConfirm', { name: row.name })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    });
  }

  const allowRoot = user?.accountType === 888 || !!user?.isSuperAdmin;

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => setFilter(values ?? {})}>
        <Form.Item name="Name" label={t('system.org.name')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="Code" label={t('system.org.code')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="Type" label={t('system.org.type')}>
          <DictFieldSized />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysOrg:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setMode({ kind: 'add', pid: data[0]?.id ?? '0' })}
            >
              {t('system.common.add')}
            </Button>
          )}
          <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(allIds(data))}>
            {t('system.common.expandAll')}
          </Button>
          <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])}>
            {t('system.common.collapseAll')}
          </Button>
        </ListToolbar>
        <SelectionBar selection={batch} />
        <Table<OrgNode>
          rowKey="id"
          rowSelection={tableRowSelection(batch)}
          size="middle"
          columns={columns}
          dataSource={tree}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1100 }}
          expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: setExpanded }}
        />
      </Card>
      <OrgFormModal
        mode={mode}
        tree={data}
        allowRoot={allowRoot}
        hidden={hidden}
        onSubmit={submit}
        onClose={() => setMode(null)}
      />
    </Flex>
  );
}

/** The type filter: the organisation-type dictionary as a select of a fixed width. */
function DictFieldSized(props: { value?: string; onChange?(value: string | string[] | null): void }) {
  return (
    <span style={{ display: 'inline-block', width: 140 }}>
      <DictField code="org_type" mode="select" {...props} />
    </span>
  );
}
