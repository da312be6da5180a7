/** Small SQL conveniences shared by repositories. */

/** `%text%` for ILIKE, with the pattern characters of the text escaped (a search for "50%" finds "50%"). */
export const containsPattern = (text: string) => `%${text.replace(/[\\%_]/g, '\\$&')}%`;

/** PostgreSQL SQLSTATE codes the repositories turn into client errors. */
export const PG_UNIQUE_VIOLATION = '23505';
export const PG_FOREIGN_KEY_VIOLATION = '23503';

/** The SQLSTATE of a driver error (node-postgres and PGlite both carry it as `code`). */
export const sqlState = (error: unknown): unknown =>
  typeof error === 'object' && error !== null ? (error as { code?: unknown }).code : undefined;
