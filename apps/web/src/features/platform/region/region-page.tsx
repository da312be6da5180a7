import type { RegionInput, RegionPageInput, RegionRow } from '@lintel/contracts';
import { DeleteOutlined, EditOutlined, PlusOutlined, SubnodeOutlined, SyncOutlined } from '@ant-design/icons';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  Button,
  Card,
  Flex,
  Form,
  Input,
  Select,
  Space,
  Table,
  Tag,
  Tooltip,
  type TableColumnsType,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { DEFAULT_PAGE_SIZE } from '../../../shared/list/grid';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addRegion,
  deleteRegion,
  listRegionChildren,
  regionKeys,
  regionPageKey,
  searchRegions,
  updateRegion,
} from './region-api';
import { RegionFormModal, type RegionFormMode } from './region-form-modal';
import { RegionSyncModal } from './region-sync-modal';

type TreeRow = RegionRow & { children?: TreeRow[] };
type Search = Pick<RegionPageInput, 'keyword' | 'level'>;

/** Platform → administrative regions (`/system/region/index`): a lazy tree, search and the dataset load. */
export default function RegionPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<Search>();
  const [filter, setFilter] = useState<Search | null>(null);
  const [paging, setPaging] = useState({ page: 1, pageSize: DEFAULT_PAGE_SIZE });
  // Children fetched so far, by parent id; a row's children load when it is expanded.
  const [childrenOf, setChildrenOf] = useState<Record<string, RegionRow[]>>({});
  const [expanded, setExpanded] = useState<readonly React.Key[]>([]);
  const [mode, setMode] = useState<RegionFormMode | null>(null);
  const [syncing, setSyncing] = useState(false);

  const top = useQuery({ queryKey: regionKeys.children('0'), queryFn: () => listRegionChildren('0') });
  const found = useQuery({
    queryKey: regionPageKey({ ...filter, ...paging }),
    queryFn: () => searchRegions({ ...filter, ...paging }),
    enabled: filter !== null,
    placeholderData: keepPreviousData,
  });

  const loadChildren = async (id: string) => {
    const rows = await queryClient.fetchQuery({
      queryKey: regionKeys.children(id),
      queryFn: () => listRegionChildren(id),
    });
    setChildrenOf((all) => ({ ...all, [id]: rows }));
  };
  /** After a change: everything cached is dropped, and the open branches are fetched again. */
  const refresh = async () => {
    await queryClient.invalidateQueries({ queryKey: regionKeys.all });
    const open = Object.keys(childrenOf);
    setChildrenOf({});
    await Promise.all(open.map((id) => loadChildren(id).catch(() => undefined)));
  };

  const node = (row: RegionRow): TreeRow => ({
    ...row,
    ...(row.hasChildren ? { children: childrenOf[row.id]?.map(node) ?? [] } : {}),
  });
  const tree = (top.data ?? []).map(node);

  const submit = async (values: RegionInput, current: RegionFormMode) => {
    if (current.kind === 'edit') await updateRegion({ ...values, id: current.row.id });
    else await addRegion(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    if (current.kind === 'addChild') setExpanded((keys) => [...new Set([...keys, current.parent.id])]);
    await refresh();
  };
  const remove = async (row: RegionRow) => {
    await deleteRegion(row.id);
    notifier().success(t('system.common.deleted'));
    await refresh();
  };

  const columns: TableColumnsType<TreeRow> = [
    { key: 'name', title: t('region.name'), dataIndex: 'name', width: 260 },
    { key: 'code', title: t('region.code'), dataIndex: 'code', width: 150 },
    {
      key: 'level',
      title: t('region.level'),
      dataIndex: 'level',
      width: 100,
      render: (level: number) => <Tag>{t(`region.levels.${level}`)}</Tag>,
    },
    { key: 'pinYin', title: t('region.pinYin'), dataIndex: 'pinYin', width: 110 },
    { key: 'cityCode', title: t('region.cityCode'), dataIndex: 'cityCode', width: 90 },
    ...(filter
      ? [{ key: 'mergerName', title: t('region.mergerName'), dataIndex: 'mergerName', ellipsis: true }]
      : [{ key: 'remark', title: t('system.common.remark'), dataIndex: 'remark', ellipsis: true }]),
  ];
  if (has('sysRegion:add') || has('sysRegion:update') || has('sysRegion:delete')) {
    columns.push({
      key: 'actions',
      title: t('system.common.actions'),
      width: 130,
      fixed: 'right',
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysRegion:add') && row.level < 5 && (
            <RowAction
              title={t('region.addChild')}
              icon={<SubnodeOutlined />}
              onClick={() => setMode({ kind: 'addChild', parent: row })}
            />
          )}
          {has('sysRegion:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysRegion:delete') &&
            (row.hasChildren ? (
              <Tooltip title={t('region.hasChildren')}>
                <Button
                  type="text"
                  size="small"
                  disabled
                  icon={<DeleteOutlined />}
                  aria-label={t('system.common.delete')}
                />
              </Tooltip>
            ) : (
              <DeleteAction
                confirm={t('region.deleteConfirm', { name: row.name })}
                icon={<DeleteOutlined />}
                onConfirm={() => remove(row)}
              />
            ))}
        </Space>
      ),
    });
  }

  return (
    <Flex vertical gap={12}>
      <SearchCard
        form={search}
        onSearch={(values) => {
          const applied =
            values?.keyword?.trim() || values?.level
              ? { keyword: values.keyword?.trim(), level: values.level }
              : null;
          setFilter(applied);
          setPaging((p) => ({ ...p, page: 1 }));
        }}
      >
        <Form.Item name="keyword" label={t('region.keyword')} tooltip={t('region.keywordHint')}>
          <Input allowClear maxLength={64} placeholder={t('region.keywordPlaceholder')} />
        </Form.Item>
        <Form.Item name="level" label={t('region.level')}>
          <Select
            allowClear
            style={{ width: 140 }}
            options={[1, 2, 3, 4].map((l) => ({ value: l, label: t(`region.levels.${l}`) }))}
          />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={top.isFetching || found.isFetching} onRefresh={() => void refresh()}>
          {has('sysRegion:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
          {has('sysRegion:sync') && (
            <Button icon={<SyncOutlined />} onClick={() => setSyncing(true)}>
              {t('region.sync.button')}
            </Button>
          )}
        </ListToolbar>
        {filter ? (
          <Table<TreeRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={found.data?.items ?? []}
            loading={found.isFetching}
            scroll={{ x: 1000 }}
            pagination={{
              current: paging.page,
              pageSize: paging.pageSize,
              total: found.data?.total ?? 0,
              showSizeChanger: true,
              showTotal: (total) => t('region.total', { total }),
              onChange: (page, pageSize) => setPaging({ page, pageSize }),
            }}
          />
        ) : (
          <Table<TreeRow>
            rowKey="id"
            size="middle"
            columns={columns}
            dataSource={tree}
            loading={top.isFetching}
            pagination={false}
            scroll={{ x: 1000 }}
            expandable={{
              expandedRowKeys: expanded,
              onExpandedRowsChange: setExpanded,
              onExpand: (open, row) => {
                if (open && row.hasChildren && !childrenOf[row.id]) void loadChildren(row.id);
              },
            }}
          />
        )}
      </Card>
      <RegionFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <RegionSyncModal open={syncing} onClose={() => setSyncing(false)} onSynced={() => void refresh()} />
    </Flex>
  );
}
