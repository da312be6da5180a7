import { HistoryOutlined } from '@ant-design/icons';
import type { DiffLogFilter, DiffLogRow } from '@lintel/contracts';
import { Card, Drawer, Empty, Flex, Pagination, Space, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePermissions } from '../permission/permissions';
import { RowAction } from './list-parts';
import {
  actorOf,
  ChangesTable,
  diffLogKeys,
  formatTime,
  OperationTag,
  pageDiffLog,
} from './modification-record-changes';
import { useServerList } from './use-server-list';

const PAGE_SIZE = 10;

interface Props {
  /** The audited table ('sysMenu', 'sysOrg', ...) and the row whose record to show; null: closed. */
  target: { table: string; rowId: string; name: string } | null;
  onClose(): void;
}

/**
 * A row's modification record (SPEC 2): every change the difference log holds for it, newest first,
 * each with its time, who made it, the kind of change and the fields before and after.
 */
export function ModificationRecord({ target, onClose }: Props) {
  const { t } = useTranslation();
  const records = useServerList<DiffLogRow, DiffLogFilter>({
    key: diffLogKeys.all,
    fetch: pageDiffLog,
    fixed: { tableName: target?.table, rowId: target?.rowId },
    initial: { pageSize: PAGE_SIZE },
    enabled: !!target,
    sortable: false,
  });
  // Another row starts on the first page.
  const rowKey = target ? `${target.table}:${target.rowId}` : null;
  const [shownFor, setShownFor] = useState(rowKey);
  if (shownFor !== rowKey) {
    setShownFor(rowKey);
    records.reset();
  }
  const isFetching = records.loading;
  const items = target ? records.rows : [];

  return (
    <Drawer
      open={!!target}
      onClose={onClose}
      size={640}
      destroyOnHidden
      title={target ? t('log.recordTitle', { name: target.name }) : ''}
    >
      <Spin spinning={isFetching}>
        {items.length === 0 ? (
          !isFetching && <Empty description={t('log.recordEmpty')} />
        ) : (
          <Flex vertical gap={12}>
            {items.map((entry) => (
              <Card
                key={entry.id}
                size="small"
                data-testid="record-entry"
                title={
                  <Space wrap>
                    <Typography.Text>{formatTime(entry.createTime)}</Typography.Text>
                    <Typography.Text type="secondary">{actorOf(entry)}</Typography.Text>
                    <OperationTag operation={entry.operation} />
                  </Space>
                }
              >
                <ChangesTable changes={entry.changes} />
              </Card>
            ))}
            <Pagination
              align="end"
              size="small"
              current={records.query.page}
              pageSize={PAGE_SIZE}
              total={records.total}
              onChange={(page) => records.goTo(page)}
              showTotal={(total) => t('log.total', { count: total })}
            />
          </Flex>
        )}
      </Spin>
    </Drawer>
  );
}

/**
 * The row action opening a row's modification record, for those who may read the difference log;
 * it keeps its own drawer, so a list adds it with one line.
 */
export function ModificationRecordAction({
  table,
  rowId,
  name,
}: {
  table: string;
  rowId: string;
  name: string;
}) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [open, setOpen] = useState(false);
  if (!has('sysLogDiff:page')) return null;
  return (
    <>
      <RowAction title={t('log.record')} icon={<HistoryOutlined />} onClick={() => setOpen(true)} />
      <ModificationRecord target={open ? { table, rowId, name } : null} onClose={() => setOpen(false)} />
    </>
  );
}
