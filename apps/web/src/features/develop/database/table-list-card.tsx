import { Card, Flex, Input, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TableRow } from '@lintel/contracts';

interface Props {
  tables: TableRow[];
  loading: boolean;
  selected: string | null;
  onSelect(name: string): void;
}

/** PostgreSQL's row estimate; -1 (never analysed) shows as unknown. */
const rowsText = (n: number) => (n < 0 ? '—' : n.toLocaleString());

/** The tables of a database, filtered by name or description; a click shows the table. */
export function TableListCard({ tables, loading, selected, onSelect }: Props) {
  const { t } = useTranslation();
  const [filter, setFilter] = useState('');
  const shown = useMemo(() => {
    const q = filter.trim().toLowerCase();
    return q
      ? tables.filter((row) => row.name.includes(q) || (row.description ?? '').toLowerCase().includes(q))
      : tables;
  }, [tables, filter]);

  return (
    <Card
      size="small"
      title={t('develop.database.table.listTitle')}
      extra={
        <Typography.Text type="secondary">
          {t('develop.database.table.count', { n: tables.length })}
        </Typography.Text>
      }
      style={{ width: 420, flex: 'none' }}
    >
      <Input.Search
        allowClear
        placeholder={t('develop.database.table.filter')}
        aria-label={t('develop.database.table.filter')}
        value={filter}
        onChange={(e) => setFilter(e.target.value)}
        style={{ marginBottom: 8 }}
      />
      <Table<TableRow>
        rowKey="name"
        size="small"
        loading={loading}
        dataSource={shown}
        pagination={{ pageSize: 15, showSizeChanger: false, size: 'small', hideOnSinglePage: true }}
        scroll={{ x: 360 }}
        rowSelection={{
          type: 'radio',
          columnWidth: 32,
          selectedRowKeys: selected ? [selected] : [],
          onChange: (keys) => keys[0] !== undefined && onSelect(String(keys[0])),
          getCheckboxProps: (row) => ({
            'aria-label': t('develop.database.table.choose', { name: row.name }),
          }),
        }}
        onRow={(row) => ({ onClick: () => onSelect(row.name), style: { cursor: 'pointer' } })}
        columns={[
          {
            title: t('develop.database.table.name'),
            dataIndex: 'name',
            render: (name: string, row) => (
              <Flex vertical gap={2} style={{ minWidth: 0 }}>
                <Flex align="center" gap={6} wrap>
                  <Typography.Text style={{ wordBreak: 'break-all' }}>{name}</Typography.Text>
                  {row.system && (
                    <Tag variant="filled" style={{ marginInlineEnd: 0 }}>
                      {t('develop.database.table.system')}
                    </Tag>
                  )}
                </Flex>
                {row.description && (
                  <Typography.Text
                    type="secondary"
                    ellipsis={{ tooltip: row.description }}
                    style={{ fontSize: 12 }}
                  >
                    {row.description}
                  </Typography.Text>
                )}
              </Flex>
            ),
          },
          {
            title: t('develop.database.table.columns'),
            dataIndex: 'columnCount',
            width: 76,
            align: 'right',
          },
          {
            title: t('develop.database.table.rows'),
            dataIndex: 'estimatedRows',
            width: 96,
            align: 'right',
            render: rowsText,
          },
        ]}
      />
    </Card>
  );
}
