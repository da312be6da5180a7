import {
  CodeOutlined,
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  SettingOutlined,
  SyncOutlined,
} from '@ant-design/icons';
import type { CodeGenRow } from '@lintel/contracts';
import { Space, Tag } from 'antd';
import type { TFunction } from 'i18next';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DeleteAction, RowAction } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import type { PermissionCheck } from '../../../shared/permission/permissions';
import { ConfirmAction } from './row-actions';

export interface CodeGenActions {
  edit(row: CodeGenRow): void;
  configure(row: CodeGenRow): void;
  sync(row: CodeGenRow): Promise<unknown>;
  preview(row: CodeGenRow): void;
  download(row: CodeGenRow): Promise<unknown>;
  runLocal(row: CodeGenRow): Promise<unknown>;
  remove(row: CodeGenRow): Promise<unknown>;
}

/** The code generator list's columns; the row actions are those the user holds. */
export function codeGenColumns(
  t: TFunction,
  { has }: Pick<PermissionCheck, 'has'>,
  menuTitle: (key: string) => string,
  actions: CodeGenActions,
): KitColumn<CodeGenRow>[] {
  const generateType = (value: string) =>
    value === '200' ? t('develop.codeGen.type200Short') : t('develop.codeGen.type100Short');
  const columns: KitColumn<CodeGenRow>[] = [
    { key: 'tableName', title: t('develop.codeGen.tableName'), dataIndex: 'tableName', width: 160 },
    { key: 'busName', title: t('develop.codeGen.busName'), dataIndex: 'busName', width: 140 },
    { key: 'className', title: t('develop.codeGen.className'), dataIndex: 'className', width: 140 },
    { key: 'nameSpace', title: t('develop.codeGen.nameSpace'), dataIndex: 'nameSpace', width: 100 },
    {
      key: 'menuPid',
      title: t('develop.codeGen.menuPid'),
      dataIndex: 'menuPid',
      width: 120,
      render: (key: string) => menuTitle(key),
      text: (row) => menuTitle(row.menuPid),
    },
    {
      key: 'generateType',
      title: t('develop.codeGen.generateType'),
      dataIndex: 'generateType',
      width: 140,
      render: (value: string) => <Tag color={value === '200' ? 'purple' : 'blue'}>{generateType(value)}</Tag>,
      text: (row) => generateType(row.generateType),
    },
    { key: 'authorName', title: t('develop.codeGen.author'), dataIndex: 'authorName', width: 110 },
    {
      key: 'createTime',
      title: t('develop.codeGen.createTime'),
      dataIndex: 'createTime',
      width: 170,
      render: formatTime,
      text: (row) => formatTime(row.createTime),
    },
  ];
  const any = (
    [
      'sysCodeGen:update',
      'sysCodeGenConfig:list',
      'sysCodeGen:syncField',
      'sysCodeGen:preview',
      'sysCodeGen:download',
      'sysCodeGen:runLocal',
      'sysCodeGen:delete',
    ] as const
  ).some(has);
  if (!any) return columns;
  columns.push({
    key: 'actions',
    title: t('system.common.actions'),
    width: 200,
    fixed: 'right',
    exportable: false,
    render: (_: unknown, row) => (
      <Space size={0}>
        {has('sysCodeGen:update') && (
          <RowAction
            title={t('system.common.edit')}
            icon={<EditOutlined />}
            onClick={() => actions.edit(row)}
          />
        )}
        {has('sysCodeGenConfig:list') && (
          <RowAction
            title={t('develop.codeGen.actions.configure')}
            icon={<SettingOutlined />}
            onClick={() => actions.configure(row)}
          />
        )}
        {has('sysCodeGen:syncField') && (
          <ConfirmAction
            title={t('develop.codeGen.actions.sync')}
            confirm={t('develop.codeGen.actions.syncConfirm', { table: row.tableName })}
            description={t('develop.codeGen.actions.syncHint')}
            okText={t('develop.codeGen.actions.sync')}
            icon={<SyncOutlined />}
            onConfirm={() => actions.sync(row)}
          />
        )}
        {has('sysCodeGen:preview') && (
          <RowAction
            title={t('develop.codeGen.actions.preview')}
            icon={<EyeOutlined />}
            onClick={() => actions.preview(row)}
          />
        )}
        {has('sysCodeGen:download') && (
          <RowAction
            title={t('develop.codeGen.actions.download')}
            icon={<DownloadOutlined />}
            onClick={() => void actions.download(row)}
          />
        )}
        {has('sysCodeGen:runLocal') && (
          <ConfirmAction
            title={t('develop.codeGen.actions.runLocal')}
            confirm={t('develop.codeGen.runLocal.confirm', { name: row.busName })}
            description={t('develop.codeGen.runLocal.confirmHint')}
            okText={t('develop.codeGen.runLocal.ok')}
            icon={<CodeOutlined />}
            onConfirm={() => actions.runLocal(row)}
          />
        )}
        {has('sysCodeGen:delete') && (
          <DeleteAction
            confirm={t('develop.codeGen.deleteConfirm', { name: row.busName })}
            icon={<DeleteOutlined />}
            onConfirm={() => actions.remove(row)}
          />
        )}
      </Space>
    ),
  });
  return columns;
}
