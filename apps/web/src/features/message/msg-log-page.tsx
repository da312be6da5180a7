import type { MsgLogFilter, MsgLogRow } from '@lintel/contracts';
import { Form, Input, Select, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../shared/list/column-layout';
import { LogListPage, textFilter, timeBounds, type LogRange } from '../../shared/list/log-list-kit';
import { clearMsgLog, msgLogKeys, pageMsgLog } from './message-api';

const TYPES = ['info', 'success', 'warning', 'error'] as const;
const COLOURS: Record<string, string> = { info: 'blue', success: 'green', warning: 'orange', error: 'red' };

interface SearchValues {
  title?: string;
  sendUserName?: string;
  messageType?: MsgLogFilter['messageType'];
  range?: LogRange;
}

export function msgLogFilterOf(values: SearchValues | undefined): MsgLogFilter {
  if (!values) return {};
  return {
    title: textFilter(values.title),
    sendUserName: textFilter(values.sendUserName),
    messageType: values.messageType,
    ...timeBounds(values.range),
  };
}

/** Logs → message log (`/system/log/msglog/index`): every message sent in the tenant, newest first. */
export default function MsgLogPage() {
  const { t } = useTranslation();
  const typeLabel = (type: string) => t(`message.types.${type}`);
  const kindLabel = (kind: string) => t(`message.kinds.${kind}`);

  const columns: KitColumn<MsgLogRow>[] = [
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
  ];

  return (
    <LogListPage<MsgLogRow, MsgLogFilter, SearchValues>
      log="sysLogMsg"
      fileName="message-log"
      listKey={msgLogKeys.all}
      fetch={pageMsgLog}
      filterOf={msgLogFilterOf}
      clear={clearMsgLog}
      columns={columns}
      texts="message"
      timeTitle={t('message.sendTime')}
      totalKey="notice.total"
      fields={
        <>
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
        </>
      }
      detail={{
        title: (row) => row.title,
        width: 80,
        items: (row) => [
          { label: t('message.messageType'), value: typeLabel(row.messageType) },
          { label: t('message.sendKind'), value: kindLabel(row.sendKind) },
          { label: t('message.sender'), value: row.sendUserName },
          { label: t('message.recipients'), value: row.recipientCount },
          { label: t('message.online'), value: row.onlineCount },
          {
            label: t('message.message'),
            // The message is the sender's prose: its line breaks kept, not the log's code block.
            value: (
              <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', margin: 0 }}>
                {row.message}
              </Typography.Paragraph>
            ),
          },
        ],
      }}
    />
  );
}
