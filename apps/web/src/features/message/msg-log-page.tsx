import type { MsgLogFilter, MsgLogRow } from '@lintel/contracts';
import { ClearOutlined, EyeOutlined } from '@ant-design/icons';
import {
  Button,
  Card,
  DatePicker,
  Descriptions,
  Drawer,
  Flex,
  Form,
  Input,
  Popconfirm,
  Select,
  Tag,
  Typography,
} from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../shared/api/notify';
import type { KitColumn } from '../../shared/list/column-layout';
import { DataTable } from '../../shared/list/data-table';
import { ListToolbar, RowAction, SearchCard } from '../../shared/list/list-parts';
import { ListTools } from '../../shared/list/list-tools';
import { formatTime } from '../../shared/list/modification-record-changes';
import { useColumnSettings } from '../../shared/list/use-column-settings';
import { useServerList } from '../../shared/list/use-server-list';
import { usePermissions } from '../../shared/permission/permissions';
import { clearMsgLog, msgLogKeys, pageMsgLog } from './message-api';

const TYPES = ['info', 'success', 'warning', 'error'] as const;
const COLOURS: Record<string, string> = { info: 'blue', success: 'green', warning: 'orange', error: 'red' };

interface SearchValues {
  title?: string;
  sendUserName?: string;
  messageType?: MsgLogFilter['messageType'];
  range?: [Dayjs | null, Dayjs | null] | null;
}

export function msgLogFilterOf(values: SearchValues | undefined): MsgLogFilter {
  if (!values) return {};
  const [start, end] = values.range ?? [null, null];
  return {
    title: values.title?.trim() || undefined,
    sendUserName: values.sendUserName?.trim() || undefined,
    messageType: values.messageType,
    ...(start ? { startTime: start.toISOString() } : {}),
    ...(end ? { endTime: end.toISOString() } : {}),
  };
}

/** Logs → message log (`/system/log/msglog/index`): every message sent in the tenant, newest first. */
export default function MsgLogPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const [search] = Form.useForm<SearchValues>();
  const [shown, setShown] = useState<MsgLogRow | null>(null);
  const list = useServerList<MsgLogRow, MsgLogFilter>({
    key: msgLogKeys.all,
    fetch: pageMsgLog,
    sortable: false,
  });
  const typeLabel = (type: string) => t(`message.types.${type}`);
  const kindLabel = (kind: string) => t(`message.kinds.${kind}`);
  const now = () => dayjs();

  const columns: KitColumn<MsgLogRow>[] = [
    {
      key: 'createTime',
      title: t('message.sendTime'),
      dataIndex: 'createTime',
      width: 170,
      render: formatTime,
      text: (r) => formatTime(r.createTime),
    },
    { key: 'title', title: t('message.title'), dataIndex: 'title', width: 220, ellipsis: true },
    {
      key: 'messageType',
      title: t('message.messageType'),
      dataIndex: 'messageType',
      width: 100,
      render: (type: string) => <Tag color={COLOURS[type]}>{typeLabel(type)}</Tag>,
      text: (r) => typeLabel(r.messageType),
    },
    {
      key: 'sendKind',
      title: t('message.sendKind'),
      dataIndex: 'sendKind',
      width: 130,
      render: kindLabel,
      text: (r) => kindLabel(r.sendKind),
    },
    { key: 'sendUserName', title: t('message.sender'), dataIndex: 'sendUserName', width: 130 },
    {
      key: 'recipientCount',
      title: t('message.recipients'),
      dataIndex: 'recipientCount',
      width: 110,
      align: 'right',
    },
    { key: 'onlineCount', title: t('message.online'), dataIndex: 'onlineCount', width: 110, align: 'right' },
    {
      key: 'message',
      title: t('message.message'),
      dataIndex: 'message',
      width: 280,
      ellipsis: { showTitle: true },
    },
    {
      key: 'actions',
      title: t('system.common.actions'),
      width: 80,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <RowAction title={t('message.detail')} icon={<EyeOutlined />} onClick={() => setShown(row)} />
      ),
    },
  ];
  const layout = useColumnSettings('sysLogMsg', columns);

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => list.search(msgLogFilterOf(values))}>
        <Form.Item name="title" label={t('message.title')}>
          <Input allowClear maxLength={128} />
        </Form.Item>
        <Form.Item name="sendUserName" label={t('message.sender')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="messageType" label={t('message.messageType')}>
          <Select
            allowClear
            style={{ width: 120 }}
            aria-label={t('message.messageType')}
            options={TYPES.map((v) => ({ value: v, label: typeLabel(v) }))}
          />
        </Form.Item>
        <Form.Item name="range" label={t('message.timeRange')}>
          <DatePicker.RangePicker
            showTime
            allowEmpty={[true, true]}
            presets={[
              { label: t('message.last7Days'), value: () => [now().subtract(7, 'day'), now()] },
              { label: t('message.lastMonth'), value: () => [now().subtract(1, 'month'), now()] },
              { label: t('message.last3Months'), value: () => [now().subtract(3, 'month'), now()] },
            ]}
          />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <ListTools
              title={t('routes.sysLogMsg')}
              exportPath="/api/sysLogMsg/export"
              exportPermission="sysLogMsg:export"
              fileName="message-log"
              filter={list.query}
              total={list.total}
              rows={list.rows}
              settings={layout}
            />
          }
        >
          {has('sysLogMsg:clear') && (
            <Popconfirm
              title={t('message.clearConfirm')}
              okText={t('message.clear')}
              okButtonProps={{ danger: true }}
              cancelText={t('system.common.cancel')}
              onConfirm={() =>
                clearMsgLog()
                  .then((count) => {
                    notifier().success(t('message.cleared', { count }));
                    list.reload();
                  })
                  .catch(() => undefined)
              }
            >
              <Button danger icon={<ClearOutlined />}>
                {t('message.clear')}
              </Button>
            </Popconfirm>
          )}
        </ListToolbar>
        <DataTable<MsgLogRow>
          rowKey="id"
          size="middle"
          columns={layout.columns}
          dataSource={list.rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('notice.total', { count: total }) }}
        />
      </Card>
      <Drawer open={!!shown} title={shown?.title} width={520} onClose={() => setShown(null)}>
        {shown && (
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label={t('message.sendTime')}>
              {formatTime(shown.createTime)}
            </Descriptions.Item>
            <Descriptions.Item label={t('message.messageType')}>
              {typeLabel(shown.messageType)}
            </Descriptions.Item>
            <Descriptions.Item label={t('message.sendKind')}>{kindLabel(shown.sendKind)}</Descriptions.Item>
            <Descriptions.Item label={t('message.sender')}>{shown.sendUserName}</Descriptions.Item>
            <Descriptions.Item label={t('message.recipients')}>{shown.recipientCount}</Descriptions.Item>
            <Descriptions.Item label={t('message.online')}>{shown.onlineCount}</Descriptions.Item>
            <Descriptions.Item label={t('message.message')}>
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {shown.message}
              </Typography.Paragraph>
            </Descriptions.Item>
          </Descriptions>
        )}
      </Drawer>
    </Flex>
  );
}
