import type { CodeGenConfigRow, CodeGenRow } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Checkbox, Drawer, Input, InputNumber, Select, Space, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  codeGenKeys,
  EFFECT_TYPES,
  listColumnConfigs,
  QUERY_TYPES,
  updateColumnConfigs,
  type CodeGenConfigInput,
  type EffectType,
  type QueryType,
  type YesNo,
} from './code-gen-api';

const DICT_CODE = /^[a-zA-Z][a-zA-Z0-9_]{0,63}$/;
const yn = (on: boolean): YesNo => (on ? 'Y' : 'N');
const isEffect = (value: string): value is EffectType => (EFFECT_TYPES as readonly string[]).includes(value);
const isQuery = (value: string): value is QueryType => (QUERY_TYPES as readonly string[]).includes(value);

/** The rows as the update takes them. */
export const toConfigInput = (row: CodeGenConfigRow): CodeGenConfigInput => ({
  id: row.id,
  columnComment: row.columnComment.trim(),
  effectType: isEffect(row.effectType) ? row.effectType : 'Input',
  dictTypeCode: row.effectType === 'DictSelector' ? row.dictTypeCode?.trim() || null : null,
  whetherRequired: row.whetherRequired,
  queryWhether: row.queryWhether,
  queryType: isQuery(row.queryType) ? row.queryType : '==',
  whetherTable: row.whetherTable,
  whetherAddUpdate: row.whetherAddUpdate,
  orderNo: row.orderNo,
});

/** What is wrong with a row before it is sent (a label, a dictionary code), or null. */
function problemOf(row: CodeGenConfigRow): 'label' | 'dict' | null {
  if (!row.columnComment.trim()) return 'label';
  if (row.effectType === 'DictSelector' && !DICT_CODE.test(row.dictTypeCode?.trim() ?? '')) return 'dict';
  return null;
}

interface Props {
  record: CodeGenRow | null;
  onClose(): void;
}

/**
 * The column settings of a code generator record, one editable row per column: the label, the form
 * control (a dictionary code for a dictionary select), required, searched (and how), shown in the
 * list, shown in the form, and the order. The columns every table has are never in the form.
 */
export function ColumnConfigDrawer({ record, onClose }: Props) {
  const { t } = useTranslation();
  const { has } = usePermissions();
  // The user's changes by row, over the rows as read (the page mounts one drawer per record).
  const [edits, setEdits] = useState<Record<string, Partial<CodeGenConfigRow>>>({});
  const [saving, setSaving] = useState(false);
  const [tried, setTried] = useState(false);
  const configs = useQuery({
    queryKey: codeGenKeys.configs(record?.id ?? ''),
    queryFn: () => listColumnConfigs(record!.id),
    enabled: !!record,
  });
  const rows = useMemo(
    () =>
      // In the saved order: a row does not move while its order is being typed.
      [...(configs.data ?? [])]
        .sort((a, b) => a.orderNo - b.orderNo || a.columnName.localeCompare(b.columnName))
        .map((row) => ({ ...row, ...edits[row.id] })),
    [configs.data, edits],
  );

  const patch = (id: string, change: Partial<CodeGenConfigRow>) =>
    setEdits((all) => ({ ...all, [id]: { ...all[id], ...change } }));
  const label = (field: string, row: CodeGenConfigRow) =>
    t('develop.codeGen.config.cellLabel', {
      field: t(`develop.codeGen.config.${field}`),
      column: row.columnName,
    });
  /** A Y/N choice of each column, as a checkbox (`locked`: rows where it cannot change). */
  const yesNoColumn = (
    field: string,
    prop: 'whetherRequired' | 'queryWhether' | 'whetherTable' | 'whetherAddUpdate',
    locked: (row: CodeGenConfigRow) => boolean = () => false,
  ) => ({
    title: t(`develop.codeGen.config.${field}`),
    key: field,
    width: 80,
    align: 'center' as const,
    render: (_: unknown, row: CodeGenConfigRow) => (
      <Checkbox
        checked={row[prop] === 'Y'}
        disabled={!editable || locked(row)}
        aria-label={label(field, row)}
        onChange={(e) => patch(row.id, { [prop]: yn(e.target.checked) })}
      />
    ),
  });
  const editable = has('sysCodeGenConfig:update');

  const save = async () => {
    setTried(true);
    if (rows.some((row) => problemOf(row))) {
      notifier().error(t('develop.codeGen.config.invalid'));
      return;
    }
    setSaving(true);
    try {
      await updateColumnConfigs(rows.map(toConfigInput));
      notifier().success(t('system.common.saved'));
      await configs.refetch();
      setEdits({});
      setTried(false);
    } catch {
      // The API client has shown the server's message.
    } finally {
      setSaving(false);
    }
  };

  return (
    <Drawer
      open={!!record}
      onClose={onClose}
      size={1240}
      destroyOnHidden
      title={
        record ? t('develop.codeGen.config.title', { name: record.busName, table: record.tableName }) : ''
      }
      extra={
        editable && (
          <Space>
            <Button onClick={onClose}>{t('system.common.cancel')}</Button>
            <Button type="primary" loading={saving} disabled={rows.length === 0} onClick={() => void save()}>
              {t('system.common.save')}
            </Button>
          </Space>
        )
      }
    >
      <Table<CodeGenConfigRow>
        rowKey="id"
        size="small"
        loading={configs.isFetching}
        dataSource={rows}
        pagination={false}
        scroll={{ x: 1110 }}
        columns={[
          {
            title: t('develop.codeGen.config.column'),
            key: 'column',
            width: 160,
            fixed: 'left',
            render: (_: unknown, row) => (
              <Space direction="vertical" size={0}>
                <Typography.Text strong>{row.columnName}</Typography.Text>
                <Space size={4}>
                  <Typography.Text type="secondary" style={{ fontSize: 12 }}>
                    {row.dataType}
                    {row.columnLength ? `(${row.columnLength})` : ''}
                  </Typography.Text>
                  {row.whetherCommon === 'Y' && <Tag>{t('develop.codeGen.config.common')}</Tag>}
                </Space>
              </Space>
            ),
          },
          {
            title: t('develop.codeGen.config.label'),
            key: 'label',
            width: 160,
            render: (_: unknown, row) => (
              <Input
                value={row.columnComment}
                maxLength={64}
                disabled={!editable}
                status={tried && problemOf(row) === 'label' ? 'error' : undefined}
                aria-label={label('label', row)}
                onChange={(e) => patch(row.id, { columnComment: e.target.value })}
              />
            ),
          },
          {
            title: t('develop.codeGen.config.effect'),
            key: 'effect',
            width: 150,
            render: (_: unknown, row) => (
              <Select
                value={row.effectType}
                disabled={!editable || row.whetherCommon === 'Y'}
                aria-label={label('effect', row)}
                style={{ width: '100%' }}
                onChange={(effectType: string) => patch(row.id, { effectType })}
                options={EFFECT_TYPES.map((value) => ({
                  value,
                  label: t(`develop.codeGen.effect.${value}`),
                }))}
              />
            ),
          },
          {
            title: t('develop.codeGen.config.dict'),
            key: 'dict',
            width: 130,
            render: (_: unknown, row) => (
              <Input
                value={row.dictTypeCode ?? ''}
                maxLength={64}
                disabled={!editable || row.effectType !== 'DictSelector'}
                status={tried && problemOf(row) === 'dict' ? 'error' : undefined}
                aria-label={label('dict', row)}
                onChange={(e) => patch(row.id, { dictTypeCode: e.target.value })}
              />
            ),
          },
          yesNoColumn('required', 'whetherRequired'),
          yesNoColumn('query', 'queryWhether'),
          {
            title: t('develop.codeGen.config.queryType'),
            key: 'queryType',
            width: 96,
            render: (_: unknown, row) => (
              <Select
                value={row.queryType}
                disabled={!editable || row.queryWhether !== 'Y'}
                aria-label={label('queryType', row)}
                style={{ width: '100%' }}
                onChange={(queryType: string) => patch(row.id, { queryType })}
                options={QUERY_TYPES.map((value) => ({ value, label: value }))}
              />
            ),
          },
          yesNoColumn('list', 'whetherTable'),
          // The id, tenant and audit columns are never form fields.
          yesNoColumn('form', 'whetherAddUpdate', (row) => row.whetherCommon === 'Y'),
          {
            title: t('develop.codeGen.config.order'),
            key: 'order',
            width: 90,
            render: (_: unknown, row) => (
              <InputNumber
                value={row.orderNo}
                min={0}
                max={9999}
                precision={0}
                disabled={!editable}
                aria-label={label('order', row)}
                style={{ width: '100%' }}
                onChange={(value) => patch(row.id, { orderNo: value ?? 0 })}
              />
            ),
          },
        ]}
      />
    </Drawer>
  );
}
