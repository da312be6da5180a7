import { DeleteOutlined, DownloadOutlined, EditOutlined, KeyOutlined, PlusOutlined } from '@ant-design/icons';
import { Button, Card, Empty, Popconfirm, Space, Table, Tabs, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DeleteAction, RowAction } from '../../../shared/list/list-parts';
import { usePermissions } from '../../../shared/permission/permissions';
import { BASE_COLUMNS } from './column-spec';
import type { ColumnRow, IndexRow, RelationRow, TableDetail, TableRow } from '@lintel/contracts';

interface Props {
  table: TableRow | null;
  detail: TableDetail | undefined;
  loading: boolean;
  onEditTable(table: TableRow): void;
  onDeleteTable(table: TableRow): Promise<unknown>;
  onExportSeed(table: TableRow): Promise<unknown>;
  onAddColumn(table: TableRow): void;
  onEditColumn(table: TableRow, column: ColumnRow): void;
  onDeleteColumn(table: TableRow, column: ColumnRow): Promise<unknown>;
}

/** How PostgreSQL writes each of the tools' types. */
const POSTGRES_NAME: Record<string, string> = {
  varchar: 'character varying',
  text: 'text',
  integer: 'integer',
  bigint: 'bigint',
  numeric: 'numeric',
  boolean: 'boolean',
  date: 'date',
  timestamptz: 'timestamp with time zone',
  jsonb: 'jsonb',
};

/**
 * A column's type in the tools' words where it is one of theirs (`varchar(64)`, `timestamptz`),
 * else as PostgreSQL writes it (`smallint`, `character(2)`); the full PostgreSQL name shows on hover.
 */
export function shortType(row: ColumnRow): string {
  const postgres = row.columnType ? POSTGRES_NAME[row.columnType] : undefined;
  if (!postgres || !row.dataType.startsWith(postgres)) return row.dataType;
  if (row.columnType === 'varchar' && row.length) return `varchar(${row.length})`;
  if (row.columnType === 'numeric' && row.length) return `numeric(${row.length},${row.decimalDigits ?? 0})`;
  return row.columnType!;
}

const code = (text: string | null) => (text === null ? null : <Typography.Text code>{text}</Typography.Text>);

/**
 * One table: its columns, indexes and foreign keys in tabs, with the changes the user may make. A
 * product table (sys_*, lintel_*) and the base columns of every table (id, tenant, audit) are read only.
 */
export function TableDetailCard(props: Props) {
  const { table, detail, loading } = props;
  const { t } = useTranslation();
  const { has } = usePermissions();
  if (!table) {
    return (
      <Card size="small" style={{ flex: 1, minWidth: 0 }}>
        <Empty description={t('develop.database.table.pick')} />
      </Card>
    );
  }
  const editable = !table.system;
  const yes = (on: boolean) => (on ? t('develop.common.yes') : t('develop.common.no'));
  const mayEditColumn = editable && has('sysDatabase:updateColumn');
  const mayDeleteColumn = editable && has('sysDatabase:deleteColumn');

  const columnActions = mayEditColumn || mayDeleteColumn;
  const columns = (
    <Table<ColumnRow>
      rowKey="dbColumnName"
      size="small"
      loading={loading}
      dataSource={detail?.columns ?? []}
      pagination={false}
      scroll={{ x: columnActions ? 730 : 642 }}
      columns={[
        {
          title: t('develop.database.column.name'),
          dataIndex: 'dbColumnName',
          width: 140,
          render: (name: string, row) => (
            <Space size={4}>
              {row.isPrimarykey && (
                <KeyOutlined
                  style={{ color: '#d48806' }}
                  aria-label={t('develop.database.column.primaryKey')}
                />
              )}
              <Typography.Text strong={row.isPrimarykey}>{name}</Typography.Text>
            </Space>
          ),
        },
        {
          title: t('develop.database.column.type'),
          dataIndex: 'dataType',
          width: 120,
          render: (dataType: string, row) => (
            <Tooltip title={dataType}>
              <span>{shortType(row)}</span>
            </Tooltip>
          ),
        },
        {
          title: t('develop.database.column.description'),
          dataIndex: 'columnDescription',
          width: 150,
          ellipsis: true,
        },
        {
          title: t('develop.database.column.nullable'),
          dataIndex: 'isNullable',
          width: 76,
          render: (on: boolean) => yes(on),
        },
        {
          title: t('develop.database.column.default'),
          dataIndex: 'defaultValue',
          width: 100,
          ellipsis: true,
          render: code,
        },
        {
          // The short header; its tag says the same.
          title: (
            <span title={t('develop.database.column.primaryKey')}>{t('develop.database.column.pk')}</span>
          ),
          dataIndex: 'isPrimarykey',
          width: 56,
          align: 'center',
          render: (on: boolean) => (on ? <Tag color="gold">{t('develop.database.column.pk')}</Tag> : null),
        },
        ...(columnActions
          ? [
              {
                title: t('system.common.actions'),
                key: 'actions',
                width: 88,
                fixed: 'right' as const,
                render: (_: unknown, row: ColumnRow) =>
                  BASE_COLUMNS.includes(row.dbColumnName) ? null : (
                    <Space size={0}>
                      {mayEditColumn && (
                        <RowAction
                          title={t('develop.database.column.edit', { name: row.dbColumnName })}
                          icon={<EditOutlined />}
                          onClick={() => props.onEditColumn(table, row)}
                        />
                      )}
                      {mayDeleteColumn && (
                        <DeleteAction
                          confirm={t('develop.database.column.deleteConfirm', { name: row.dbColumnName })}
                          icon={<DeleteOutlined />}
                          onConfirm={() => props.onDeleteColumn(table, row)}
                        />
                      )}
                    </Space>
                  ),
              },
            ]
          : []),
      ]}
    />
  );

  const indexes = (
    <Table<IndexRow>
      rowKey="name"
      size="small"
      loading={loading}
      dataSource={detail?.indexes ?? []}
      pagination={false}
      scroll={{ x: 700 }}
      columns={[
        { title: t('develop.database.index.name'), dataIndex: 'name', width: 220 },
        {
          title: t('develop.database.index.kind'),
          key: 'kind',
          width: 120,
          render: (_: unknown, row) =>
            row.isPrimary ? (
              <Tag color="gold">{t('develop.database.column.pk')}</Tag>
            ) : row.isUnique ? (
              <Tag color="blue">{t('develop.database.index.unique')}</Tag>
            ) : (
              <Tag>{t('develop.database.index.plain')}</Tag>
            ),
        },
        { title: t('develop.database.index.definition'), dataIndex: 'definition', render: code },
      ]}
    />
  );

  const relations = (
    <Table<RelationRow>
      rowKey="name"
      size="small"
      loading={loading}
      dataSource={detail?.relations ?? []}
      pagination={false}
      scroll={{ x: 700 }}
      columns={[
        { title: t('develop.database.relation.name'), dataIndex: 'name', width: 220 },
        { title: t('develop.database.relation.column'), dataIndex: 'sourceColumnName', width: 160 },
        {
          title: t('develop.database.relation.references'),
          key: 'target',
          render: (_: unknown, row) => `${row.targetTableName}.${row.targetColumnName}`,
        },
      ]}
    />
  );

  return (
    <Card
      size="small"
      style={{ flex: 1, minWidth: 0 }}
      title={
        <Space size={8} wrap>
          <span>{table.name}</span>
          {table.system && <Tag>{t('develop.database.table.system')}</Tag>}
          {table.description && <Typography.Text type="secondary">{table.description}</Typography.Text>}
        </Space>
      }
      extra={
        <Space size={4} wrap>
          {editable && has('sysDatabase:addColumn') && (
            <Button size="small" icon={<PlusOutlined />} onClick={() => props.onAddColumn(table)}>
              {t('develop.database.column.add')}
            </Button>
          )}
          {editable && has('sysDatabase:updateTable') && (
            <Button size="small" icon={<EditOutlined />} onClick={() => props.onEditTable(table)}>
              {t('develop.database.table.edit')}
            </Button>
          )}
          {has('sysDatabase:createSeedData') && (
            <Button size="small" icon={<DownloadOutlined />} onClick={() => void props.onExportSeed(table)}>
              {t('develop.database.table.seed')}
            </Button>
          )}
          {editable && has('sysDatabase:deleteTable') && (
            <Popconfirm
              title={t('develop.database.table.deleteConfirm', { name: table.name })}
              okText={t('system.common.delete')}
              okButtonProps={{ danger: true }}
              cancelText={t('system.common.cancel')}
              onConfirm={() => props.onDeleteTable(table).catch(() => undefined)}
            >
              <Button size="small" danger icon={<DeleteOutlined />}>
                {t('develop.database.table.delete')}
              </Button>
            </Popconfirm>
          )}
        </Space>
      }
    >
      {table.system && (
        <Typography.Paragraph type="secondary" style={{ marginBottom: 8 }}>
          {t('develop.database.table.readOnly')}
        </Typography.Paragraph>
      )}
      <Tabs
        size="small"
        items={[
          {
            key: 'columns',
            label: t('develop.database.tabs.columns', { n: detail?.columns.length ?? 0 }),
            children: columns,
          },
          {
            key: 'indexes',
            label: t('develop.database.tabs.indexes', { n: detail?.indexes.length ?? 0 }),
            children: indexes,
          },
          {
            key: 'relations',
            label: t('develop.database.tabs.relations', { n: detail?.relations.length ?? 0 }),
            children: relations,
          },
        ]}
      />
    </Card>
  );
}
