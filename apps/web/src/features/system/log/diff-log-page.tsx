import type { DiffLogFilter, DiffLogRow } from '@lintel/contracts';
import { Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { LogListPage, textFilter, timeBounds, type LogRange } from '../../../shared/list/log-list-kit';
import {
  actorOf,
  ChangesTable,
  diffLogKeys,
  OperationTag,
  pageDiffLog,
} from '../../../shared/list/modification-record-changes';
import { clearLog } from './log-api';
import { AccountField, VerifyChainButton } from './log-parts';

interface SearchValues {
  tableName?: string;
  rowId?: string;
  account?: string;
  range?: LogRange;
}

type Filter = Omit<DiffLogFilter, 'page' | 'pageSize'>;

/** Row ids are 64-bit integers; anything else cannot match and the server would refuse it. */
const ROW_ID = /^[1-9][0-9]{0,18}$/;

/** The search form's values as the endpoint's filter. */
export function diffLogFilterOf(values: SearchValues | undefined): Filter {
  if (!values) return {};
  return {
    tableName: textFilter(values.tableName),
    rowId: textFilter(values.rowId),
    account: textFilter(values.account),
    ...timeBounds(values.range),
  };
}

/** Logs → difference log (`/system/log/difflog/index`): each change with its fields before and after. */
export default function DiffLogPage() {
  const { t } = useTranslation();

  const fieldsOf = (row: DiffLogRow) => row.changes.map((c) => c.field).join(', ');
  // Keys are the field names the server knows: the export asks for them (it writes `changes` in
  // full, "field: before -> after; ...").
  const columns: KitColumn<DiffLogRow>[] = [
    {
      key: 'tableName',
      title: t('log.tableName'),
      dataIndex: 'tableName',
      width: 160,
      render: (name: string) => <Typography.Text code>{name}</Typography.Text>,
    },
    { key: 'rowId', title: t('log.rowId'), dataIndex: 'rowId', width: 180 },
    {
      key: 'operation',
      title: t('log.operation'),
      dataIndex: 'operation',
      width: 100,
      render: (operation: string) => <OperationTag operation={operation} />,
      text: (row) => t(`log.operations.${row.operation}`, { defaultValue: row.operation }),
    },
    {
      key: 'changes',
      title: t('log.changedFields'),
      width: 300,
      ellipsis: true,
      render: (_: unknown, row) => fieldsOf(row),
      text: fieldsOf,
    },
    {
      key: 'account',
      title: t('log.operator'),
      width: 180,
      ellipsis: true,
      render: (_: unknown, row) => actorOf(row),
      text: actorOf,
    },
  ];

  return (
    <LogListPage<DiffLogRow, Filter, SearchValues>
      log="sysLogDiff"
      fileName="difference-log"
      listKey={diffLogKeys.all}
      fetch={pageDiffLog}
      filterOf={diffLogFilterOf}
      clear={() => clearLog('sysLogDiff')}
      columns={columns}
      actions={<VerifyChainButton log="sysLogDiff" />}
      expandable={{ expandedRowRender: (row) => <ChangesTable changes={row.changes} /> }}
      fields={
        <>
          <Form.Item name="tableName" label={t('log.tableName')}>
            <Input allowClear maxLength={64} placeholder="sysMenu" />
          </Form.Item>
          <Form.Item
            name="rowId"
            label={t('log.rowId')}
            rules={[{ pattern: ROW_ID, message: t('log.rowIdInvalid') }]}
          >
            <Input allowClear maxLength={19} />
          </Form.Item>
          <AccountField />
        </>
      }
    />
  );
}
