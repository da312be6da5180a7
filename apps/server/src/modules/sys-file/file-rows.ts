import { FILE_TYPES } from '../../platform/files/file-types.js';
import { iso } from '../../platform/audit/stamps.js';
import { formatIso } from '../../platform/http/result.js';
import type { FileRow, FolderTreeNode, UploadedFileRow } from './sys-file.schema.js';
import type { StoredFile } from './sys-file.repo.js';

/** Admin.NET's SizeKb: whole kilobytes, at least 1 for a file that is not empty. */
export const sizeKb = (bytes: number) => (bytes === 0 ? 0 : Math.max(1, Math.round(bytes / 1024)));

/** A size for people: `532 B`, `12.4 KB`, `3.1 MB`. */
export function sizeInfo(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** A stored file as the wire shows it (Admin.NET's SysFile fields and Lintel's own). */
export function toFileRow(file: StoredFile): FileRow {
  const bytes = Number(file.sizeBytes);
  return {
    id: file.id,
    provider: file.provider,
    bucketName: file.bucketName,
    fileName: file.fileName,
    suffix: file.suffix,
    filePath: file.folder,
    sizeKb: sizeKb(bytes),
    sizeInfo: sizeInfo(bytes),
    url: file.url,
    fileMd5: file.fileMd5 ? file.fileMd5.trim() : null,
    fileType: file.fileType,
    fileAlias: file.fileAlias,
    isPublic: file.isPublic,
    dataId: file.dataId,
    kind: file.kind,
    contentType: file.contentType,
    family: FILE_TYPES[file.suffix]?.family ?? 'document',
    createUserName: file.createUserName,
    createTime: formatIso(file.createTime),
    updateTime: iso(file.updateTime),
  };
}

export const toUploaded = (
  id: string,
  file: { url: string; suffix: string; upload: { fileName: string; data: Buffer } },
): UploadedFileRow => ({
  id,
  url: file.url,
  fileName: file.upload.fileName,
  suffix: file.suffix,
  sizeKb: sizeKb(file.upload.data.length),
});

/**
 * The folder tree from the folders that hold files: every ancestor of a folder is a node too (with
 * no files of its own when none lie directly in it).
 */
export function folderTree(folders: { folder: string; fileCount: number }[]): FolderTreeNode[] {
  const root: FolderTreeNode = { path: '', name: '', fileCount: 0, children: [] };
  for (const { folder, fileCount } of folders) {
    if (folder === '') {
      root.fileCount += fileCount;
      continue;
    }
    let node = root;
    const segments = folder.split('/');
    segments.forEach((name, i) => {
      const path = segments.slice(0, i + 1).join('/');
      let child = node.children.find((c) => c.path === path);
      if (!child) {
        child = { path, name, fileCount: 0, children: [] };
        node.children.push(child);
      }
      node = child;
    });
    node.fileCount += fileCount;
  }
  const sort = (nodes: FolderTreeNode[]) => {
    nodes.sort((a, b) => a.name.localeCompare(b.name));
    nodes.forEach((n) => sort(n.children));
  };
  sort(root.children);
  return root.children;
}
