import type {
  FileFilter,
  FileRow,
  FileUpdate,
  FolderTreeNode,
  PageResult,
  UploadedFileRow,
} from '@lintel/contracts';
import { request } from '../../../shared/api/client';
import { downloadAndSave } from '../../../shared/api/download';

export const fileKeys = {
  all: ['sysFile'] as const,
  folders: ['sysFile', 'folders'] as const,
};

export type FileQuery = FileFilter & { page: number; pageSize: number };

export const pageFiles = (query: FileQuery) =>
  request<PageResult<FileRow>>('/api/sysFile/page', { method: 'POST', body: query });
export const listFolders = () => request<FolderTreeNode[]>('/api/sysFile/folder');
export const updateFile = (body: FileUpdate) =>
  request<null>('/api/sysFile/update', { method: 'POST', body });
export const deleteFile = (id: string) =>
  request<null>('/api/sysFile/delete', { method: 'POST', body: { id } });

/** The upload form's fields besides the file (Admin.NET's names). */
export interface UploadFields {
  path?: string;
  fileType?: string;
  isPublic?: boolean;
}

/**
 * One file to uploadFile. The caller handles a refusal (customCatch): the upload list shows the
 * server's localized message beside the file instead of a toast per file.
 */
export function uploadOne(file: Blob, fileName: string, fields: UploadFields) {
  const form = new FormData();
  if (fields.path) form.append('path', fields.path);
  if (fields.fileType) form.append('fileType', fields.fileType);
  form.append('isPublic', String(fields.isPublic ?? false));
  form.append('file', file, fileName);
  return request<UploadedFileRow>('/api/sysFile/uploadFile', {
    method: 'POST',
    body: form,
    customCatch: true,
  });
}

/** Saves a file under its alias (the server names it, RFC 5987). */
export const downloadFile = (row: FileRow) =>
  downloadAndSave('/api/sysFile/downloadFile', {
    method: 'POST',
    body: { id: row.id },
    fallbackName: row.fileAlias || row.fileName,
  });

/** The name shown: the alias when the file was renamed. */
export const shownName = (row: Pick<FileRow, 'fileAlias' | 'fileName'>) => row.fileAlias || row.fileName;
