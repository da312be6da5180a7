import { Type, type Static } from 'typebox';
import { Id, Nullable, treeOf } from './common.js';
import { PageInputFields } from './paging.js';

/** The file centre (sysFile): request and row schemas of apps/server modules/sys-file. */

const Time = Type.String({ format: 'date-time', description: 'ISO 8601 time' });

/** One folder name: 1 to 64 characters, no `/`, backslash or control character, not `.` or `..`. */
const NAME_CHAR = '[^/\\\\\\x00-\\x1f]';
const NAME_START = '[^/\\\\.\\x00-\\x1f]';
const FOLDER_NAME = `(?:${NAME_START}${NAME_CHAR}{0,63}|\\.${NAME_START}${NAME_CHAR}{0,62}|\\.\\.${NAME_CHAR}{1,62})`;
/**
 * A folder path of the tenant: segments separated by `/`, none empty, `.` or `..`, no backslash or
 * control character; `''` is the top. Folders are labels of the records: the stored objects' keys
 * never contain them.
 * Written without lookahead, so that generators of matching strings (the attack suites) read it.
 */
export const FOLDER_PATTERN = `^$|^${FOLDER_NAME}(?:/${FOLDER_NAME}){0,7}$`;
export const FolderPath = Type.String({
  maxLength: 256,
  pattern: FOLDER_PATTERN,
  description: "Folder path, e.g. 'contracts/2026'; '' is the top",
});

const FileType = Type.String({ maxLength: 64, description: 'A free category, e.g. contract, photo' });
const FileAlias = Type.String({ minLength: 1, maxLength: 256, description: 'The name shown and downloaded' });

export const FileOutput = Type.Object({
  id: Id,
  /** `local` or `s3`. */
  provider: Type.String(),
  bucketName: Nullable(Type.String()),
  /** The name it was uploaded with. */
  fileName: Type.String(),
  /** Lower-case extension, checked against the content. */
  suffix: Type.String(),
  /** The folder path (Admin.NET's FilePath). */
  filePath: Type.String(),
  sizeKb: Type.Integer(),
  /** Human-readable size, e.g. `1.5 MB`. */
  sizeInfo: Type.String(),
  /** Where it is served (`/upload/<tenant>/file/<random name>`): to anyone when public. */
  url: Type.String(),
  fileMd5: Nullable(Type.String()),
  fileType: Nullable(Type.String()),
  fileAlias: Nullable(Type.String()),
  isPublic: Type.Boolean(),
  dataId: Nullable(Id),
  /** `file` for the file centre's uploads; `avatar`, `signature`, `logo` for those images. */
  kind: Type.String(),
  contentType: Type.String(),
  /** How the web app previews it: image, video, audio, pdf, text, document, archive. */
  family: Type.String(),
  createUserName: Nullable(Type.String()),
  createTime: Type.String(),
  updateTime: Nullable(Type.String()),
});
export type FileRow = Static<typeof FileOutput>;

export const PageFileBody = Type.Object(
  {
    ...PageInputFields,
    fileName: Type.Optional(Type.String({ maxLength: 256, description: 'Part of the name or alias' })),
    suffix: Type.Optional(Type.String({ maxLength: 16 })),
    fileType: Type.Optional(Type.String({ maxLength: 64 })),
    kind: Type.Optional(Type.String({ maxLength: 16 })),
    /** A folder and everything below it; absent for all folders. */
    filePath: Type.Optional(FolderPath),
    startTime: Type.Optional(Time),
    endTime: Type.Optional(Time),
  },
  { additionalProperties: false },
);
export type FileFilter = Static<typeof PageFileBody>;

export const UpdateFileBody = Type.Object(
  {
    id: Id,
    fileAlias: Type.Optional(FileAlias),
    fileType: Type.Optional(Nullable(FileType)),
    isPublic: Type.Optional(Type.Boolean()),
    filePath: Type.Optional(FolderPath),
  },
  { additionalProperties: false },
);
export type FileUpdate = Static<typeof UpdateFileBody>;

/** The upload form's fields besides the file(s) (multipart fields arrive as strings). */
export const UploadFileFields = Type.Object(
  {
    fileType: Type.Optional(FileType),
    isPublic: Type.Optional(Type.Boolean()),
    allowSuffix: Type.Optional(Type.String({ maxLength: 256, description: "e.g. '.jpg,.png'" })),
    dataId: Type.Optional(Id),
    path: Type.Optional(FolderPath),
    fileAlias: Type.Optional(FileAlias),
  },
  { additionalProperties: false },
);
export type UploadFileInput = Static<typeof UploadFileFields>;

export const UploadBase64Body = Type.Object(
  {
    /** The bytes in base64, optionally as a data URL (`data:image/png;base64,...`); at most 10 MB decoded. */
    fileDataBase64: Type.String({ minLength: 1, maxLength: 14_000_000 }),
    fileName: Type.String({ minLength: 1, maxLength: 256 }),
    contentType: Type.Optional(Type.String({ maxLength: 128 })),
    ...UploadFileFields.properties,
  },
  { additionalProperties: false },
);
export type UploadBase64Input = Static<typeof UploadBase64Body>;

export const FileIdsQuery = Type.Object(
  { ids: Type.Array(Id, { minItems: 1, maxItems: 200 }) },
  { additionalProperties: false },
);
export const FilePreviewParams = Type.Object({ id: Id }, { additionalProperties: false });

/** downloadFileBase64: the file by id, or by its served address (Admin.NET sends the url). */
export const FileRefBody = Type.Object(
  { id: Type.Optional(Id), url: Type.Optional(Type.String({ maxLength: 512 })) },
  { additionalProperties: false },
);

const FolderFields = {
  /** The folder's full path (its key). */
  path: Type.String(),
  /** The last segment. */
  name: Type.String(),
  /** Files directly in it. */
  fileCount: Type.Integer(),
};
export const FolderNode = treeOf(FolderFields, 8);
export type FolderRow = Static<typeof FolderNode>;
export type FolderTreeNode = { path: string; name: string; fileCount: number; children: FolderTreeNode[] };

export const UploadedFile = Type.Object({
  id: Id,
  url: Type.String(),
  fileName: Type.String(),
  suffix: Type.String(),
  sizeKb: Type.Integer(),
});
export type UploadedFileRow = Static<typeof UploadedFile>;
