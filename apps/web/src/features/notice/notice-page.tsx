import type { NoticeFilter, NoticeRow } from '@lintel/contracts';
import {
  DeleteOutlined,
  EditOutlined,
  EyeOutlined,
  PlusOutlined,
  SendOutlined,
  StopOutlined,
} from '@ant-design/icons';
import { Button, Card, DatePicker, Flex, Form, Input, Modal, Select, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import type { KitColumn } from '../../shared/list/column-layout';
import { DataTable } from '../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../shared/list/list-parts';
import { formatTime } from '../../shared/list/modification-record-changes';
import { useServerList } from '../../shared/list/use-server-list';
import { usePermissions } from '../../shared/permission/permissions';
import {
  addNotice,
  cancelNotice,
  deleteNotice,
  NOTICE_STATUS_COLOURS,
  noticeKeys,
  pageNotices,
  publishNotice,
  updateNotice,
} from './notice-api';
import { NoticeDetailModal } from '../../shared/inbox/notice-detail-modal';
import { NoticeFormModal, type NoticeFormMode } from './notice-form-modal';

interface SearchValues {
  title?: string;
  type?: 1 | 2;
  status?: 0 | 1 | 2;
  range?: [Dayjs | null, Dayjs | null] | null;
}

/** The search form's values as the endpoint's filter (a day range covers both whole days). */
export function noticeFilterOf(values: SearchValues | undefined): NoticeFilter {
  if (!values) return {};
  const [start, end] = values.range ?? [null, null];
  return {
    title: values.title?.trim() || undefined,
    type: values.type,
    status: values.status,
    ...(start ? { startTime: start.startOf('day').toISOString() } : {}),
    ...(end ? { endTime: end.endOf('day').toISOString() } : {}),
  };
}

/** System → notices and announcements (`/system/notice/index`): drafts, publication, cancellation. */
export default function NoticePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<SearchValues>();
  const [mode, setMode] = useState<NoticeFormMode | null>(null);
  const [shown, setShown] = useState<NoticeRow | null>(null);
  const [modal, modalHolder] = Modal.useModal();
  const list = useServerList<NoticeRow, NoticeFilter>({
    key: noticeKeys.all,
    fetch: pageNotices,
    sortable: false,
  });

  const submit = async (values: Parameters<typeof addNotice>[0], current: NoticeFormMode) => {
    if (current.kind === 'edit') await updateNotice({ ...values, id: current.row.id });
    else await addNotice(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    list.reload();
  };

  // Publication cannot be undone: the confirmation says so, and names the notice.
  const confirmPublish = (row: NoticeRow) =>
    modal.confirm({
      title: t('notice.publishConfirmTitle', { title: row.title }),
      content: t('notice.publishConfirm'),
      okText: t('notice.publish'),
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        const { recipientCount } = await publishNotice(row.id);
        notifier().success(t('notice.published', { count: recipientCount }));
        list.reload();
      },
    });
  const confirmCancel = (row: NoticeRow) =>
    modal.confirm({
      title: t('notice.cancelConfirmTitle', { title: row.title }),
      content: t('notice.cancelConfirm'),
      okText: t('notice.cancelNotice'),
      okButtonProps: { danger: true },
      cancelText: t('system.common.cancel'),
      onOk: async () => {
        await cancelNotice(row.id);
        notifier().success(t('notice.cancelled'));
        list.reload();
      },
    });

  const typeLabel = (type: number) => t(`notice.types.${type}`);
  const statusLabel = (status: number) => t(`notice.statuses.${status}`);
  const columns: KitColumn<NoticeRow>[] = [
    { key: 'title', title: t('notice.title'), dataIndex: 'title', width: 260, ellipsis: true },
    {
      key: 'type',
      title: t('notice.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: number) => <Tag color={type === 2 ? 'purple' : 'blue'}>{typeLabel(type)}</Tag>,
      text: (row) => typeLabel(row.type),
    },
    {
      key: 'status',
      title: t('notice.status'),
      dataIndex: 'status',
      width: 100,
      render: (status: number) => <Tag color={NOTICE_STATUS_COLOURS[status]}>{statusLabel(status)}</Tag>,
      text: (row) => statusLabel(row.status),
    },
    {
      key: 'receiveType',
      title: t('notice.receiveType'),
      dataIndex: 'receiveType',
      width: 120,
      render: (kind: string) => t(`notice.receive.${kind}`),
    },
    {
      key: 'readCount',
      title: t('notice.readProgress'),
      dataIndex: 'readCount',
      width: 110,
      align: 'center',
      render: (_: number, row) => (row.status === 0 ? '-' : `${row.readCount} / ${row.recipientCount}`),
    },
    { key: 'publicUserName', title: t('notice.publisher'), dataIndex: 'publicUserName', width: 120 },
    {
      key: 'publicTime',
      title: t('notice.publicTime'),
      dataIndex: 'publicTime',
      width: 170,
      render: (v: string | null) => (v ? formatTime(v) : '-'),
    },
    { key: 'createUserName', title: t('notice.author'), dataIndex: 'createUserName', width: 120 },
    {
      key: 'createTime',
      title: t('notice.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: formatTime,
    },
    {
      title: t('system.common.actions'),
      key: 'actions',
      width: 190,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          <RowAction title={t('notice.view')} icon={<EyeOutlined />} onClick={() => setShown(row)} />
          {row.status === 0 && has('sysNotice:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {row.status === 0 && has('sysNotice:public') && (
            <RowAction
              title={t('notice.publish')}
              icon={<SendOutlined />}
              onClick={() => confirmPublish(row)}
            />
          )}
          {row.status === 1 && has('sysNotice:cancel') && (
            <RowAction
              title={t('notice.cancelNotice')}
              icon={<StopOutlined />}
              onClick={() => confirmCancel(row)}
            />
          )}
          {row.status !== 1 && has('sysNotice:delete') && (
            <DeleteAction
              confirm={t('notice.deleteConfirm', { title: row.title })}
              icon={<DeleteOutlined />}
              onConfirm={() =>
                deleteNotice(row.id).then(() => {
                  notifier().success(t('system.common.deleted'));
                  list.reload();
                })
              }
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      {modalHolder}
      <SearchCard form={search} onSearch={(values) => list.search(noticeFilterOf(values))}>
        <Form.Item name="title" label={t('notice.title')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Form.Item name="type" label={t('notice.type')}>
          <Select
            allowClear
            style={{ width: 120 }}
            aria-label={t('notice.type')}
            options={[1, 2].map((v) => ({ value: v, label: typeLabel(v) }))}
          />
        </Form.Item>
        <Form.Item name="status" label={t('notice.status')}>
          <Select
            allowClear
            style={{ width: 120 }}
            aria-label={t('notice.status')}
            options={[0, 1, 2].map((v) => ({ value: v, label: statusLabel(v) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('notice.createTime')}>
          <DatePicker.RangePicker allowEmpty={[true, true]} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={list.loading} onRefresh={list.reload}>
          {has('sysNotice:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('notice.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<NoticeRow>
          rowKey="id"
          size="middle"
          columns={columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('notice.total', { count: total }) }}
        />
      </Card>
      <NoticeFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <NoticeDetailModal notice={shown} onClose={() => setShown(null)} />
    </Flex>
  );
}
