import type { TFunction } from 'i18next';

/**
 * A folder path as the server takes it (wire/file.ts FOLDER_PATTERN): `/`-separated names, none
 * empty, `.` or `..`, without a backslash; '' is the top. Checked here to say so before sending.
 */
const validPart = (part: string) =>
  part.length > 0 &&
  part.length <= 64 &&
  part !== '.' &&
  part !== '..' &&
  ![...part].some((c) => c === '\\' || c.charCodeAt(0) < 0x20);

export const isFolderPath = (value: string) =>
  value === '' || (value.length <= 256 && value.split('/').length <= 8 && value.split('/').every(validPart));

export const folderRules = (t: TFunction) => [
  {
    validator: async (_: unknown, value: string | undefined) => {
      if (!isFolderPath((value ?? '').trim())) throw new Error(t('file.folderInvalid'));
    },
  },
];
