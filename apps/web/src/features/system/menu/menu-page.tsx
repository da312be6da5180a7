import type { MenuFilter, MenuInput, MenuListNode } from '@lintel/contracts';
import {
  CopyOutlined,
  DeleteOutlined,
  EditOutlined,
  NodeCollapseOutlined,
  NodeExpandOutlined,
  PlusOutlined,
  PlusSquareOutlined,
} from '@ant-design/icons';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Select, Space, Switch, Table, Tag } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCallback, useMemo, useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { MenuIcon } from '../../../shared/ui/menu-icons';
import { notifier } from '../../../shared/api/notify';
import { useBatchActions } from '../../../shared/list/batch-actions';
import { DeleteAction, ListToolbar, RowAction, SearchCard, StatusTag } from '../../../shared/list/list-parts';
import { tableRowSelection } from '../../../shared/list/row-selection';
import { SelectionBar } from '../../../shared/list/selection-bar';
import { ModificationRecordAction } from '../../../shared/list/modification-record';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addMenu,
  allIds,
  BUTTON,
  cleanInput,
  deleteMenu,
  DIR,
  listMenus,
  MENU_TYPES,
  menuKeys,
  PAGE,
  setMenuStatus,
  trimLeaves,
  updateMenu,
} from './menu-api';
import { MenuFormModal, type MenuFormMode } from './menu-form-modal';

const TYPE_COLOURS: Record<number, string> = { [DIR]: 'blue', [PAGE]: 'green', [BUTTON]: 'orange' };

/**
 * A menu's name as the shell shows it: registry pages by their route title, registry buttons by their
 * action, in the user's language; menus added by administrators by the title they were given.
 */
export function useMenuLabel(): (node: MenuListNode) => string {
  const { t } = useTranslation();
  return useCallback(
    (node) => {
      if (node.key === null) return node.title;
      if (node.type === BUTTON) {
        const action = node.permission?.split(':')[1];
        return action ? t(`system.actions.${action}`, { defaultValue: node.title }) : node.title;
      }
      return node.name ? t(`routes.${node.name}`, { defaultValue: node.title }) : node.title;
    },
    [t],
  );
}

/** Platform → menus (`/system/menu/index`): every menu of the product as a tree, for the super admin. */
export default function MenuPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const label = useMenuLabel();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<MenuFilter>();
  const [filter, setFilter] = useState<MenuFilter>({});
  const [expanded, setExpanded] = useState<readonly Key[] | null>(null);
  const [mode, setMode] = useState<MenuFormMode | null>(null);

  const {
    data = [],
    isFetching,
    refetch,
  } = useQuery({
    queryKey: menuKeys.list(filter),
    queryFn: () => listMenus(filter),
    placeholderData: keepPreviousData,
  });
  // The parent choices need the whole tree, whatever the list shows.
  const whole = useQuery({ queryKey: menuKeys.list({}), queryFn: () => listMenus() });
  const tree = useMemo(() => trimLeaves(data), [data]);
  // Until the user folds or unfolds, the first level is open.
  const expandedKeys = expanded ?? data.map((n) => n.id);
  const refresh = () => queryClient.invalidateQueries({ queryKey: menuKeys.all });
  // A tree: ticks are per node; the server deletes a parent ticked with its children after them,
  // and refuses the built-in (registry) menus one by one.
  const batch = useBatchActions<MenuListNode>({
    controller: 'sysMenu',
    label,
    status: true,
    onDone: refresh,
  });

  const remove = useMutation({
    mutationFn: deleteMenu,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const status = useMutation({
    mutationFn: ({ id, on }: { id: string; on: boolean }) => setMenuStatus(id, on ? 1 : 2),
    onSuccess: () => notifier().success(t('system.common.saved')),
    onSettled: refresh,
  });

  const submit = async (values: MenuInput, current: MenuFormMode) => {
    const body = cleanInput(values);
    if (current.kind === 'edit') await updateMenu({ ...body, id: current.row.id });
    else await addMenu(body);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const columns: ColumnsType<MenuListNode> = [
    {
      title: t('menu.title'),
      dataIndex: 'title',
      width: 260,
      render: (_: string, row) => (
        <Space size={6}>
          {row.type !== BUTTON && <MenuIcon name={row.icon} />}
          {label(row)}
        </Space>
      ),
    },
    {
      title: t('menu.type'),
      dataIndex: 'type',
      width: 90,
      render: (v: number) => <Tag color={TYPE_COLOURS[v]}>{t(`menu.types.${v}`)}</Tag>,
    },
    { title: t('menu.path'), dataIndex: 'path', width: 200, ellipsis: true },
    { title: t('menu.component'), dataIndex: 'component', width: 220, ellipsis: true },
    { title: t('menu.permission'), dataIndex: 'permission', width: 180, ellipsis: true },
    { title: t('system.common.order'), dataIndex: 'orderNo', width: 80, align: 'center' },
    {
      title: t('system.common.status'),
      dataIndex: 'status',
      width: 100,
      render: (value: number, row) =>
        has('sysMenu:setStatus') ? (
          <Switch
            size="small"
            checked={value === 1}
            loading={status.isPending && status.variables?.id === row.id}
            onChange={(on) => status.mutate({ id: row.id, on })}
            aria-label={t('menu.statusOf', { name: label(row) })}
          />
        ) : (
          <StatusTag status={value} />
        ),
    },
    { title: t('system.common.updatedBy'), dataIndex: 'updateUserName', width: 120, ellipsis: true },
    { title: t('system.common.remark'), dataIndex: 'remark', ellipsis: true },
    {
      title: t('system.common.actions'),
      key: 'actions',
      fixed: 'right',
      width: 190,
      render: (_: unknown, row) => (
        <Space size={0}>
          {has('sysMenu:update') && (
            <RowAction
              title={t('system.common.edit')}
              icon={<EditOutlined />}
              onClick={() => setMode({ kind: 'edit', row })}
            />
          )}
          {has('sysMenu:add') && row.type !== BUTTON && (
            <RowAction
              title={t('menu.addChild')}
              icon={<PlusSquareOutlined />}
              onClick={() => setMode({ kind: 'add', pid: row.id, type: row.type === PAGE ? BUTTON : PAGE })}
            />
          )}
          {has('sysMenu:add') && (
            <RowAction
              title={t('system.common.copy')}
              icon={<CopyOutlined />}
              onClick={() => setMode({ kind: 'copy', row })}
            />
          )}
          <ModificationRecordAction table="sysMenu" rowId={row.id} name={label(row)} />
          {has('sysMenu:delete') && (
            <DeleteAction
              confirm={t('menu.deleteConfirm', { name: label(row) })}
              icon={<DeleteOutlined />}
              // A refusal is toasted by the client with the server's message; nothing else to do here.
              onConfirm={() => remove.mutateAsync(row.id).catch(() => undefined)}
            />
          )}
        </Space>
      ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={(values) => setFilter(values ?? {})}>
        <Form.Item name="Title" label={t('menu.title')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="Type" label={t('menu.type')}>
          <Select
            allowClear
            style={{ width: 140 }}
            aria-label={t('menu.type')}
            options={MENU_TYPES.map((v) => ({ value: v, label: t(`menu.types.${v}`) }))}
          />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar loading={isFetching} onRefresh={() => void refetch()}>
          {has('sysMenu:add') && (
            <Button
              type="primary"
              icon={<PlusOutlined />}
              onClick={() => setMode({ kind: 'add', pid: '0', type: DIR })}
            >
              {t('system.common.add')}
            </Button>
          )}
          <Button icon={<NodeExpandOutlined />} onClick={() => setExpanded(allIds(data))}>
            {t('system.common.expandAll')}
          </Button>
          <Button icon={<NodeCollapseOutlined />} onClick={() => setExpanded([])}>
            {t('system.common.collapseAll')}
          </Button>
        </ListToolbar>
        <SelectionBar selection={batch} />
        <Table<MenuListNode>
          rowKey="id"
          rowSelection={tableRowSelection(batch)}
          size="middle"
          columns={columns}
          dataSource={tree}
          loading={isFetching}
          pagination={false}
          scroll={{ x: 1500 }}
          expandable={{ expandedRowKeys: expandedKeys, onExpandedRowsChange: setExpanded }}
        />
      </Card>
      <MenuFormModal
        mode={mode}
        tree={whole.data ?? []}
        label={label}
        onSubmit={submit}
        onClose={() => setMode(null)}
      />
    </Flex>
  );
}
