import type { ApiListItem } from '@lintel/contracts';
import { useQuery } from '@tanstack/react-query';
import { Flex, Input, Select, Table, Tag, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { apiToolsKeys, listApis } from './api-tools-api';

const METHOD_COLORS: Record<string, string> = {
  GET: 'blue',
  POST: 'green',
  PUT: 'orange',
  DELETE: 'red',
  PATCH: 'purple',
};

/** The routes whose group, path or summary hold every word of the search (case-insensitive). */
export function filterApis(rows: readonly ApiListItem[], search: string, method: string | null) {
  const words = search.toLowerCase().split(/\s+/).filter(Boolean);
  return rows.filter((row) => {
    if (method && row.method !== method) return false;
    const text = `${row.groupName} ${row.routeName} ${row.displayName}`.toLowerCase();
    return words.every((word) => text.includes(word));
  });
}

/** Every API route of this server, searchable: what to call when the documentation is too much. */
export function ApiListTab() {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [method, setMethod] = useState<string | null>(null);
  const list = useQuery({ queryKey: apiToolsKeys.list, queryFn: listApis });
  const rows = useMemo(() => filterApis(list.data ?? [], search, method), [list.data, search, method]);
  const methods = useMemo(() => [...new Set((list.data ?? []).map((row) => row.method))].sort(), [list.data]);

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          style={{ flex: 1, minWidth: 220 }}
          placeholder={t('apiTools.searchPlaceholder')}
          aria-label={t('apiTools.search')}
          onChange={(e) => setSearch(e.target.value)}
        />
        <Select
          allowClear
          style={{ width: 160 }}
          aria-label={t('apiTools.method')}
          placeholder={t('apiTools.allMethods')}
          value={method}
          onChange={(value?: string | null) => setMethod(value ?? null)}
          options={methods.map((m) => ({ value: m, label: m }))}
        />
      </Flex>
      <Typography.Text type="secondary" data-testid="api-count">
        {t('apiTools.count', { n: rows.length, total: list.data?.length ?? 0 })}
      </Typography.Text>
      <Table<ApiListItem>
        size="small"
        loading={list.isLoading}
        rowKey={(row) => `${row.method} ${row.routeName}`}
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { title: t('apiTools.group'), dataIndex: 'groupName', width: 130 },
          {
            title: t('apiTools.method'),
            dataIndex: 'method',
            width: 90,
            render: (m: string) => <Tag color={METHOD_COLORS[m]}>{m}</Tag>,
          },
          {
            title: t('apiTools.path'),
            dataIndex: 'routeName',
            render: (path: string) => (
              <Typography.Text code copyable={{ text: `/${path}` }}>
                /{path}
              </Typography.Text>
            ),
          },
          { title: t('apiTools.summary'), dataIndex: 'displayName' },
        ]}
      />
    </Flex>
  );
}
