import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { AddCodeGenInput, CodeGenRow, RunLocalResult } from '@lintel/contracts';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, Flex, Form, Input, Popconfirm } from 'antd';
import { useState, type Key } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import { ColumnSettingsButton } from '../../../shared/list/column-settings';
import { DataTable, type RowSelection } from '../../../shared/list/data-table';
import { ListToolbar, SearchCard } from '../../../shared/list/list-parts';
import { PrintButton } from '../../../shared/list/print-button';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  addCodeGen,
  codeGenKeys,
  deleteCodeGens,
  downloadZip,
  listMenuTree,
  pageCodeGens,
  registryKey,
  runLocal,
  syncFields,
  updateCodeGen,
  type CodeGenFilter,
} from './code-gen-api';
import { codeGenColumns } from './code-gen-columns';
import { CodeGenFormModal, type CodeGenFormMode } from './code-gen-form-modal';
import { ColumnConfigDrawer } from './column-config-drawer';
import { PreviewModal } from './preview-modal';
import { RunLocalModal } from './run-local-modal';

/**
 * Developer tools → code generator (`/system/codeGen/index`, super admin only): records naming a
 * table and how its module is built; per record, its column settings, a preview of the files, the
 * zip, or the files written into this project.
 */
export default function CodeGenPage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<CodeGenFilter>();
  const [mode, setMode] = useState<CodeGenFormMode | null>(null);
  const [configuring, setConfiguring] = useState<CodeGenRow | null>(null);
  const [previewing, setPreviewing] = useState<CodeGenRow | null>(null);
  const [written, setWritten] = useState<RunLocalResult | null>(null);
  const [ticked, setTicked] = useState<Key[]>([]);

  const list = useServerList<CodeGenRow, CodeGenFilter>({ key: codeGenKeys.all, fetch: pageCodeGens });
  const menus = useQuery({
    queryKey: codeGenKeys.menus(),
    queryFn: listMenuTree,
    enabled: has('sysMenu:list'),
  });
  const menuTitle = (key: string) => {
    const node = menus.data?.find((n) => registryKey(n) === key);
    return node?.name ? t(`routes.${node.name}`, { defaultValue: node.title }) : key;
  };
  const refresh = list.refresh;

  const submit = async (values: AddCodeGenInput, current: CodeGenFormMode) => {
    if (current.kind === 'edit') await updateCodeGen({ ...values, id: current.row.id });
    else await addCodeGen(values);
    notifier().success(t('system.common.saved'));
    setMode(null);
    await refresh();
  };

  const remove = async (ids: string[]) => {
    try {
      await deleteCodeGens(ids);
      notifier().success(t('system.common.deleted'));
      setTicked((keys) => keys.filter((key) => !ids.includes(String(key))));
    } finally {
      await refresh();
    }
  };

  const columns = codeGenColumns(t, { has }, menuTitle, {
    edit: (row) => setMode({ kind: 'edit', row }),
    configure: setConfiguring,
    sync: async (row) => {
      await syncFields(row.id);
      notifier().success(t('develop.codeGen.actions.synced'));
      await queryClient.invalidateQueries({ queryKey: codeGenKeys.configs(row.id) });
    },
    preview: setPreviewing,
    download: (row) => downloadZip(row).catch(() => undefined),
    runLocal: async (row) => setWritten(await runLocal(row.id)),
    remove: (row) => remove([row.id]),
  });
  const layout = useColumnSettings('sysCodeGen', columns);
  const { rows } = list;

  const selection: RowSelection<CodeGenRow> | undefined = has('sysCodeGen:delete')
    ? {
        keys: ticked,
        onChange: (keys) => setTicked(keys),
        checkboxLabel: (row) => t('develop.codeGen.select', { name: row.tableName }),
        actions: (
          <Popconfirm
            title={t('batch.deleteConfirm', { count: ticked.length })}
            okText={t('batch.delete')}
            okButtonProps={{ danger: true }}
            cancelText={t('batch.cancel')}
            onConfirm={() => remove(ticked.map(String)).catch(() => undefined)}
          >
            <Button size="small" danger icon={<DeleteOutlined />}>
              {t('batch.delete')}
            </Button>
          </Popconfirm>
        ),
      }
    : undefined;

  return (
    <Flex vertical gap={12}>
      <SearchCard form={search} onSearch={list.search}>
        <Form.Item name="tableName" label={t('develop.codeGen.tableName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
        <Form.Item name="busName" label={t('develop.codeGen.busName')}>
          <Input allowClear maxLength={64} />
        </Form.Item>
      </SearchCard>
      <Card size="small">
        <ListToolbar
          loading={list.loading}
          onRefresh={list.reload}
          tools={
            <>
              <PrintButton title={t('routes.sysCodeGen')} columns={layout.columns} rows={rows} />
              <ColumnSettingsButton settings={layout} />
            </>
          }
        >
          {has('sysCodeGen:add') && (
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setMode({ kind: 'add' })}>
              {t('system.common.add')}
            </Button>
          )}
        </ListToolbar>
        <DataTable<CodeGenRow>
          rowKey="id"
          size="middle"
          selection={selection}
          columns={layout.columns}
          dataSource={rows}
          loading={list.loading}
          onChange={list.onTableChange}
          paging={{ ...list.paging, showTotal: (total) => t('develop.codeGen.total', { total }) }}
        />
      </Card>
      <CodeGenFormModal mode={mode} onSubmit={submit} onClose={() => setMode(null)} />
      <ColumnConfigDrawer key={configuring?.id} record={configuring} onClose={() => setConfiguring(null)} />
      <PreviewModal record={previewing} onClose={() => setPreviewing(null)} />
      <RunLocalModal result={written} onClose={() => setWritten(null)} />
    </Flex>
  );
}
