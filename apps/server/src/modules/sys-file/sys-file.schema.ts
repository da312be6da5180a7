import { Type } from 'typebox';

/** The wire of sysFile lives in @lintel/contracts (wire/file.ts), shared with the web app. */
export {
  FileIdsQuery,
  FileOutput,
  FilePreviewParams,
  FileRefBody,
  FolderNode,
  PageFileBody,
  UpdateFileBody,
  UploadBase64Body,
  UploadedFile,
  type FileFilter,
  type FileRow,
  type FileUpdate,
  type FolderTreeNode,
  type UploadBase64Input,
  type UploadedFileRow,
  type UploadFileInput,
} from '@lintel/contracts/wire';

export const UploadResult = Type.Object({
  id: Type.String(),
  url: Type.String({ description: 'Address the file is served at (/upload/...)' }),
});

/** Documents the multipart body; @fastify/multipart parses it, the route reads it with request.file(). */
export const uploadDoc = (what: string) => ({
  consumes: ['multipart/form-data'],
  description: `multipart/form-data with one file field: ${what}. At most 10 MB; the type is checked from the content.`,
});
