import { badRequest, conflict } from '../../platform/http/errors.js';
import { allowedSuffixes, contentMatches, suffixOf } from '../../platform/files/file-types.js';
import type { StoredFile } from './sys-file.repo.js';

/** What may happen to a stored file as a row, and what an upload must be. */
export const filePolicy = {
  /**
   * The suffix an upload is stored under: its name's extension, which must be on the server's list
   * (narrowed by the form's allowSuffix), with content that is what the extension says.
   */
  acceptedSuffix(fileName: string, data: Buffer, allowSuffix: string | undefined): string {
    const allowed = allowedSuffixes(allowSuffix);
    const suffix = suffixOf(fileName);
    if (!suffix || !allowed.includes(suffix))
      throw badRequest('files.suffixRefused', { suffix: suffix || '-', types: allowed.join(', ') || '-' });
    if (data.length === 0) throw badRequest('files.empty');
    if (!contentMatches(suffix, data)) throw badRequest('files.contentMismatch', { suffix });
    return suffix;
  },

  /**
   * Avatars, signatures and logos are public or private by what they are (upload-names.ts
   * VISIBILITY); only the file centre's own files take the flag.
   */
  assertVisibilityChange(file: Pick<StoredFile, 'kind' | 'isPublic'>, isPublic: boolean | undefined): void {
    if (isPublic !== undefined && isPublic !== file.isPublic && file.kind !== 'file')
      throw badRequest('files.visibilityFixed', { kind: file.kind });
  },

  /** A file an account shows as its avatar or signature, or a tenant as its logo, stays. */
  assertDeletable(inUse: boolean): void {
    if (inUse) throw conflict('files.inUse');
  },
};
