import { randomBytes } from 'node:crypto';
import { FILE_SUFFIXES } from './file-types.js';

/** The kinds of stored files: the three images of accounts and tenants, and the file centre's files. */
export const UPLOAD_KINDS = ['avatar', 'signature', 'logo', 'file'] as const;
export type UploadKind = (typeof UPLOAD_KINDS)[number];

/**
 * Who may read each kind. The logo is public: the signed-out sign-in page shows it. Avatars and
 * signatures are personal data of a tenant's accounts: only sessions working in that tenant read them.
 * The file centre's files say it themselves (`record`: sys_file.is_public, tenant sessions otherwise).
 */
export const VISIBILITY: Record<UploadKind, 'public' | 'tenant' | 'record'> = {
  avatar: 'tenant',
  signature: 'tenant',
  logo: 'public',
  file: 'record',
};

const TENANT = /^[1-9]\d{0,18}$/;
/** New names: 128 random bits in lower-case hex, which no case-insensitive file system can alias. */
const RANDOM_NAME = /^[0-9a-f]{32}\.(png|jpg|webp)$/;
/** The file centre's names: random too, with any suffix of its accepted types (file-types.ts). */
const FILE_NAME = new RegExp(`^[0-9a-f]{32}\\.(${FILE_SUFFIXES.join('|')})$`);
/** Uploads stored before random names were named by their record's (time-ordered) id; still served. */
const LEGACY_NAME = /^[1-9]\d{0,18}\.(png|jpg|webp)$/;

/** A fresh stored name: nothing in it can be guessed from another name, an id or the time. */
export function newStoredName(type: string): string {
  return `${randomBytes(16).toString('hex')}.${type}`;
}

/** The parts of a served address that passed their exact shapes; only these ever reach the storage. */
export interface UploadAddress {
  tenantId: string;
  kind: UploadKind;
  name: string;
  /** The suffix of the stored name: its content type is FILE_TYPES[type] (checked on upload). */
  type: string;
}

export function parseUploadAddress(tenantId: string, kind: string, name: string): UploadAddress | undefined {
  if (!TENANT.test(tenantId) || !(UPLOAD_KINDS as readonly string[]).includes(kind)) return undefined;
  const match = kind === 'file' ? FILE_NAME.exec(name) : (RANDOM_NAME.exec(name) ?? LEGACY_NAME.exec(name));
  if (!match) return undefined;
  return { tenantId, kind: kind as UploadKind, name, type: match[1]! };
}

/** The storage key of a file: `<tenantId>/<kind>/<name>`. */
export const uploadKey = (tenantId: string, kind: UploadKind, name: string) => `${tenantId}/${kind}/${name}`;

/** The served address of a stored file: `/upload/` and its storage key. */
export const uploadUrl = (tenantId: string, kind: UploadKind, name: string) =>
  `/upload/${uploadKey(tenantId, kind, name)}`;
