import { Type, type Static } from 'typebox';

/**
 * The small developer tools of Admin.NET's sysCommon controller (besides the stress test, in
 * stress-test.ts): the API list, a fresh SM2 key pair, text encrypted with the server's SM2 public
 * key, and the error-marked workbook of the caller's last import.
 */

/** One route of this server (Admin.NET's ApiOutput, with the method added for a picker). */
export const ApiListItem = Type.Object({
  /** The route's group: its OpenAPI tag (the controller, e.g. sysUser). */
  groupName: Type.String(),
  /** What the route does: its OpenAPI summary. */
  displayName: Type.String(),
  /** Its path relative to the site root, parameters as `{name}`: `api/sysUser/page`. */
  routeName: Type.String(),
  method: Type.String(),
});
export type ApiListItem = Static<typeof ApiListItem>;

/** A freshly generated SM2 key pair (hex); never the server's own keys. */
export const SmKeyPairOutput = Type.Object({
  /** The private scalar, 64 hex digits. */
  privateKey: Type.String(),
  /** The uncompressed public point with its leading 04, 130 hex digits (what sm-crypto doEncrypt takes). */
  publicKey: Type.String(),
});
export type SmKeyPairOutput = Static<typeof SmKeyPairOutput>;

export const EncryptPlainTextParams = Type.Object(
  {
    /** In the path (Admin.NET's contract), so at most 256 characters as sent, percent-escapes included. */
    plainText: Type.String({ minLength: 1, maxLength: 256 }),
  },
  { additionalProperties: false },
);

export const DownloadErrorExcelQuery = Type.Object(
  {
    /** The download's file name without extension (Admin.NET's `fileName`); a dated default otherwise. */
    fileName: Type.Optional(Type.String({ maxLength: 100, pattern: '^[^\\\\/]*$' })),
  },
  { additionalProperties: false },
);
