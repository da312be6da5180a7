import type { ReceivedNoticeFilter, ReceivedNoticeRow } from '@lintel/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Tag, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { inboxKeys, pageReceived, setNoticeRead } from '../../shared/inbox/inbox-api';
import { NoticeDetailModal } from '../../shared/inbox/notice-detail-modal';
import type { KitColumn } from '../../shared/list/column-layout';
import { DataTable } from '../../shared/list/data-table';
import { formatTime } from '../../shared/list/modification-record-changes';
import { useServerList } from '../../shared/list/use-server-list';
import { INBOX_KEY } from '../../shared/realtime/realtime-events';
import { ReadTag, readStatusOf, useOpenedItem, type InboxTabProps } from './inbox-tab-parts';

/** The notices the account received, with read state; opening one marks it read. */
export function NoticeTab({ read, openId, onClosed }: InboxTabProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { picked, setPicked, linkedId, close } = useOpenedItem<ReceivedNoticeRow>(openId, onClosed);
  const list = useServerList<ReceivedNoticeRow, ReceivedNoticeFilter>({
    key: inboxKeys.notices,
    fetch: pageReceived,
    sortable: false,
    fixed: { readStatus: readStatusOf(read) },
  });
  // The notice the bell named (?id=), once its row is on the page, until closed.
  const linked = linkedId ? list.rows.find((r) => r.noticeId === linkedId) : undefined;
  const shown = picked ?? linked ?? null;
  const markRead = async (row: ReceivedNoticeRow) => {
    if (row.readStatus !== 0) return;
    await setNoticeRead(row.noticeId);
    await queryClient.invalidateQueries({ queryKey: INBOX_KEY });
  };
  const linkedUnread = linked?.readStatus === 0 ? linked : undefined;
  useEffect(() => {
    if (linkedUnread) void markRead(linkedUnread);
    // eslint-disable-next-line react-hooks/exhaustive-deps -- once per linked notice
  }, [linkedUnread?.noticeId]);
  const open = (row: ReceivedNoticeRow) => {
    setPicked(row);
    void markRead(row);
  };
  const columns: KitColumn<ReceivedNoticeRow>[] = [
    {
      key: 'title',
      title: t('notice.title'),
      dataIndex: 'title',
      render: (title: string, row) => (
        <Typography.Link strong={row.readStatus === 0} onClick={() => open(row)}>
          {title}
        </Typography.Link>
      ),
    },
    {
      key: 'type',
      title: t('notice.type'),
      dataIndex: 'type',
      width: 100,
      render: (type: number) => <Tag color={type === 2 ? 'purple' : 'blue'}>{t(`notice.types.${type}`)}</Tag>,
    },
    { key: 'publicUserName', title: t('notice.publisher'), dataIndex: 'publicUserName', width: 130 },
    {
      key: 'publicTime',
      title: t('notice.publicTime'),
      dataIndex: 'publicTime',
      width: 170,
      render: (v: string | null) => (v ? formatTime(v) : ''),
    },
    {
      key: 'readStatus',
      title: t('message.readStatus'),
      dataIndex: 'readStatus',
      width: 100,
      render: (s: number) => <ReadTag status={s} />,
    },
  ];
  return (
    <>
      <DataTable<ReceivedNoticeRow>
        rowKey="noticeId"
        size="middle"
        columns={columns}
        dataSource={list.rows}
        loading={list.loading}
        onChange={list.onTableChange}
        paging={{ ...list.paging, showTotal: (total) => t('notice.total', { count: total }) }}
      />
      <NoticeDetailModal notice={shown} onClose={close} />
    </>
  );
}
