import type {
  ApprovalInstanceFilter,
  ApprovalInstanceRow,
  InstanceStatus,
  PageResult,
} from '@lintel/contracts';
import { EyeOutlined } from '@ant-design/icons';
import { Card, Form, Input, Select } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../shared/list/column-layout';
import { DataTable } from '../../shared/list/data-table';
import { ListToolbar, RowAction, SearchCard } from '../../shared/list/list-parts';
import { formatTime } from '../../shared/list/modification-record-changes';
import { useServerList } from '../../shared/list/use-server-list';
import { approvalKeys } from './approval-api';
import { InstanceStatusTag } from './instance-drawer';

type Filter = Omit<ApprovalInstanceFilter, 'page' | 'pageSize'>;
const STATUSES: InstanceStatus[] = ['pending', 'returned', 'approved', 'rejected', 'withdrawn'];

/** The request list of the two personal pages: search, status filter, and open one to see or act. */
export function InstanceList({
  scope,
  fetch,
  onOpen,
  toolbar,
}: {
  scope: 'mine' | 'todo';
  fetch(filter: ApprovalInstanceFilter): Promise<PageResult<ApprovalInstanceRow>>;
  onOpen(id: string): void;
  toolbar?: ReactNode;
}) {
  const { t } = useTranslation();
  const [search] = Form.useForm<Filter>();
  const list = useServerList<ApprovalInstanceRow, Filter>({ key: [...approvalKeys.instances, scope], fetch });
  const columns: KitColumn<ApprovalInstanceRow>[] = [
    { key: 'flowName', title: t('approval.flowName'), dataIndex: 'flowName', width: 180 },
    {
      key: 'status',
      title: t('approval.statusLabel'),
      dataIndex: 'status',
      width: 110,
      render: (status: InstanceStatus) => <InstanceStatusTag status={status} />,
      text: (row) => t(`approval.status.${row.status}`),
    },
    { key: 'currentNodeName', title: t('approval.currentNode'), dataIndex: 'currentNodeName', width: 140 },
    { key: 'submitUserName', title: t('approval.submitter'), dataIndex: 'submitUserName', width: 130 },
    {
      key: 'createTime',
      title: t('approval.createTime'),
      dataIndex: 'createTime',
      width: 180,
      render: (time: string) => formatTime(time),
      text: (row) => formatTime(row.createTime),
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 80,
      fixed: 'right',
      render: (_: unknown, row) => (
        <RowAction
          title={scope === 'todo' ? t('approval.handle') : t('approval.detail')}
          icon={<EyeOutlined />}
          onClick={() => onOpen(row.id)}
        />
      ),
    },
  ];
  return (
    <>
      <SearchCard form={search} onSearch={(values) => list.search(values ?? {})}>
        <Form.Item name="keyword" label={t('approval.keyword')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        {scope === 'mine' && (
          <Form.Item name="status" label={t('approval.statusLabel')}>
            <Select
              allowClear
              style={{ width: 140 }}
              options={STATUSES.map((s) => ({ value: s, label: t(`approval.status.${s}`) }))}
            />
          </Form.Item>
        )}
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {toolbar}
        </ListToolbar>
        <DataTable<ApprovalInstanceRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={list.paging}
        />
      </Card>
    </>
  );
}
