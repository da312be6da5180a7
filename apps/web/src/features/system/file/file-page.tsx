import type { FileFilter, FileRow, FolderTreeNode } from '@lintel/contracts';
import {
  DeleteOutlined,
  DownloadOutlined,
  EditOutlined,
  EyeOutlined,
  FileOutlined,
  FileImageOutlined,
  FilePdfOutlined,
  FileTextOutlined,
  PlayCircleOutlined,
  SoundOutlined,
  UploadOutlined,
} from '@ant-design/icons';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Button, Card, DatePicker, Flex, Form, Input, Space, Switch, Tag, Tree } from 'antd';
import type { Dayjs } from 'dayjs';
import { useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { notifier } from '../../../shared/api/notify';
import type { KitColumn } from '../../../shared/list/column-layout';
import { DataTable } from '../../../shared/list/data-table';
import { DeleteAction, ListToolbar, RowAction, SearchCard } from '../../../shared/list/list-parts';
import { formatTime } from '../../../shared/list/modification-record-changes';
import { PrintButton } from '../../../shared/list/print-button';
import { ColumnSettingsButton } from '../../../shared/list/column-settings';
import { useColumnSettings } from '../../../shared/list/use-column-settings';
import { useServerList } from '../../../shared/list/use-server-list';
import { usePermissions } from '../../../shared/permission/permissions';
import {
  deleteFile,
  downloadFile,
  fileKeys,
  listFolders,
  pageFiles,
  shownName,
  updateFile,
} from './file-api';
import { FileEditModal } from './file-edit-modal';
import { FilePreviewModal } from './file-preview-modal';
import { FileUploadModal } from './file-upload-modal';

interface SearchValues {
  fileName?: string;
  suffix?: string;
  fileType?: string;
  range?: [Dayjs | null, Dayjs | null] | null;
}

const trimmed = (value: string | undefined) => value?.trim() || undefined;

/** The search form's values as the page's filter (the folder comes from the tree). */
export function fileFilterOf(values: SearchValues | undefined): FileFilter {
  if (!values) return {};
  const [start, end] = values.range ?? [null, null];
  return {
    fileName: trimmed(values.fileName),
    suffix: trimmed(values.suffix)?.replace(/^\./, '').toLowerCase(),
    fileType: trimmed(values.fileType),
    ...(start ? { startTime: start.startOf('day').toISOString() } : {}),
    ...(end ? { endTime: end.endOf('day').toISOString() } : {}),
  };
}

const FAMILY_ICONS: Record<string, ReactNode> = {
  image: <FileImageOutlined />,
  video: <PlayCircleOutlined />,
  audio: <SoundOutlined />,
  pdf: <FilePdfOutlined />,
  text: <FileTextOutlined />,
};
const PREVIEWABLE = new Set(Object.keys(FAMILY_ICONS));

interface FolderNodeData {
  key: string;
  title: string;
  children: FolderNodeData[];
}
const folderData = (nodes: FolderTreeNode[]): FolderNodeData[] =>
  nodes.map((n) => ({ key: n.path, title: n.name, children: folderData(n.children) }));

/** System → files (`/system/file/index`): the tenant's file centre, by folder. */
export default function FilePage() {
  const { t } = useTranslation();
  const { has } = usePermissions();
  const queryClient = useQueryClient();
  const [search] = Form.useForm<SearchValues>();
  const [uploading, setUploading] = useState(false);
  const [previewing, setPreviewing] = useState<FileRow | null>(null);
  const [editing, setEditing] = useState<FileRow | null>(null);

  const list = useServerList<FileRow, FileFilter>({
    key: fileKeys.all,
    fetch: pageFiles,
    keep: ['filePath'],
  });
  const folders = useQuery({ queryKey: fileKeys.folders, queryFn: listFolders });
  const tree = useMemo(
    () => [{ key: '', title: t('file.allFolders'), children: folderData(folders.data ?? []) }],
    [folders.data, t],
  );
  const folder = list.query.filePath ?? '';
  const refresh = () => queryClient.invalidateQueries({ queryKey: fileKeys.all });

  const remove = useMutation({
    mutationFn: deleteFile,
    onSuccess: () => notifier().success(t('system.common.deleted')),
    onSettled: refresh,
  });
  const publish = useMutation({
    mutationFn: (row: { id: string; isPublic: boolean }) => updateFile(row),
    onSettled: refresh,
  });
  const save = async (values: Parameters<typeof updateFile>[0]) => {
    await updateFile(values);
    notifier().success(t('system.common.saved'));
    setEditing(null);
    await refresh();
  };
  const download = (row: FileRow) => void downloadFile(row).catch(() => undefined);

  // Keys are the field names the server knows.
  const columns: KitColumn<FileRow>[] = [
    {
      key: 'fileName',
      title: t('file.name'),
      dataIndex: 'fileName',
      width: 200,
      ellipsis: { showTitle: true },
      text: shownName,
      render: (_: string, row) => (
        <Space size={6}>
          {FAMILY_ICONS[row.family] ?? <FileOutlined />}
          <span>{shownName(row)}</span>
        </Space>
      ),
    },
    { key: 'fileType', title: t('file.fileType'), dataIndex: 'fileType', width: 90, ellipsis: true },
    {
      key: 'suffix',
      title: t('file.suffix'),
      dataIndex: 'suffix',
      width: 72,
      render: (suffix: string) => <Tag>{suffix}</Tag>,
    },
    { key: 'sizeKb', title: t('file.size'), dataIndex: 'sizeInfo', width: 84, align: 'right' },
    {
      key: 'isPublic',
      title: t('file.public'),
      dataIndex: 'isPublic',
      width: 72,
      align: 'center',
      text: (row) => (row.isPublic ? t('file.yes') : t('file.no')),
      render: (isPublic: boolean, row) => (
        <Switch
          size="small"
          checked={isPublic}
          aria-label={t('file.publicOf', { name: shownName(row) })}
          disabled={!has('sysFile:update') || row.kind !== 'file'}
          loading={publish.isPending && publish.variables?.id === row.id}
          onChange={(on) => publish.mutate({ id: row.id, isPublic: on })}
        />
      ),
    },
    {
      key: 'createTime',
      title: t('file.time'),
      dataIndex: 'createTime',
      width: 150,
      render: formatTime,
      text: (row) => formatTime(row.createTime),
    },
    { key: 'filePath', title: t('file.folder'), dataIndex: 'filePath', width: 140, ellipsis: true },
    {
      title: t('system.common.actions'),
      key: 'actions',
      width: 140,
      fixed: 'right',
      exportable: false,
      render: (_: unknown, row) => (
        <Space size={0}>
          {PREVIEWABLE.has(row.family) && (
            <RowAction title={t('file.preview')} icon={<EyeOutlined />} onClick={() => setPreviewing(row)} />
          )}
          <RowAction title={t('file.download')} icon={<DownloadOutlined />} onClick={() => download(row)} />
          {has('sysFile:update') && (
            <RowAction title={t('file.edit')} icon={<EditOutlined />} onClick={() => setEditing(row)} />
          )}
          {has('sysFile:delete') && (
            <DeleteAction
              confirm={t('file.deleteConfirm', { name: shownName(row) })}
              icon={<DeleteOutlined />}
              onConfirm={() => remove.mutateAsync(row.id)}
            />
          )}
        </Space>
      ),
    },
  ];
  const layout = useColumnSettings('sysFile', columns);

  return (
    <Flex gap={12} align="flex-start">
      <Card size="small" title={t('file.folders')} style={{ width: 200, flex: 'none' }}>
        <Tree
          blockNode
          defaultExpandAll
          key={JSON.stringify(folders.data ?? [])}
          treeData={tree}
          selectedKeys={[folder]}
          onSelect={(keys) => list.patch({ filePath: (keys[0] as string | undefined) || undefined })}
        />
      </Card>
      <Flex vertical gap={12} style={{ flex: 1, minWidth: 0 }}>
        <SearchCard form={search} onSearch={(values) => list.search(fileFilterOf(values))}>
          <Form.Item name="fileName" label={t('file.name')}>
            <Input allowClear maxLength={256} />
          </Form.Item>
          <Form.Item name="suffix" label={t('file.suffix')}>
            <Input allowClear maxLength={16} style={{ width: 100 }} />
          </Form.Item>
          <Form.Item name="fileType" label={t('file.fileType')}>
            <Input allowClear maxLength={64} style={{ width: 140 }} />
          </Form.Item>
          <Form.Item name="range" label={t('file.timeRange')}>
            <DatePicker.RangePicker allowEmpty={[true, true]} />
          </Form.Item>
        </SearchCard>
        <Card size="small">
          <ListToolbar
            loading={list.loading}
            onRefresh={list.reload}
            tools={
              // No export: files are the content, not rows to tabulate; print and columns as every list.
              <>
                <PrintButton title={t('routes.sysFile')} columns={layout.columns} rows={list.rows} />
                <ColumnSettingsButton settings={layout} />
              </>
            }
          >
            {has('sysFile:uploadFile') && (
              <Button type="primary" icon={<UploadOutlined />} onClick={() => setUploading(true)}>
                {t('file.upload')}
              </Button>
            )}
          </ListToolbar>
          <DataTable<FileRow>
            rowKey="id"
            size="middle"
            columns={layout.columns}
            dataSource={list.rows}
            loading={list.loading}
            onChange={list.onTableChange}
            paging={{ ...list.paging, showTotal: (total) => t('file.total', { count: total }) }}
          />
        </Card>
      </Flex>
      <FileUploadModal
        open={uploading}
        folder={folder}
        onUploaded={() => void refresh()}
        onClose={() => setUploading(false)}
      />
      <FilePreviewModal file={previewing} onDownload={download} onClose={() => setPreviewing(null)} />
      <FileEditModal file={editing} onSubmit={save} onClose={() => setEditing(null)} />
    </Flex>
  );
}
