import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { ServerKeys } from './keys.js';

/**
 * Secrets the server must send on to someone else (a model provider's API key, a Dify app key) are
 * kept in the database sealed with AES-256-GCM under a server key, so a database dump or backup alone
 * does not leak them. The sealed text names the key version that sealed it:
 *
 *   `v<version>.<iv>.<ciphertext>.<tag>`   (each part base64url; iv 12 bytes, tag 16 bytes)
 *
 * Sealing always uses the newest version in the ring; opening uses the version the text names, so a
 * rotated key leaves older rows readable until they are sealed again.
 */
type Keys = Pick<ServerKeys, 'dataKeys'>;

export function sealSecret(keys: Keys, plain: string): string {
  const version = Math.max(...keys.dataKeys.keys());
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', keys.dataKeys.get(version)!, iv);
  const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
  return [`v${version}`, iv, body, cipher.getAuthTag()]
    .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
    .join('.');
}

/** The plain text, or an error when the text was not sealed by one of these keys or was altered. */
export function openSecret(keys: Keys, sealed: string): string {
  const parts = sealed.split('.');
  const version = /^v(\d+)$/.exec(parts[0] ?? '')?.[1];
  if (parts.length !== 4 || !version) throw new SecretBoxError('not a sealed secret');
  const key = keys.dataKeys.get(Number(version));
  if (!key) throw new SecretBoxError(`no data key of version ${version}`);
  const [iv, body, tag] = parts.slice(1).map((part) => Buffer.from(part, 'base64url')) as [
    Buffer,
    Buffer,
    Buffer,
  ];
  if (iv.length !== 12 || tag.length !== 16) throw new SecretBoxError('not a sealed secret');
  try {
    const decipher = createDecipheriv('aes-256-gcm', key, iv);
    decipher.setAuthTag(tag);
    return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
  } catch {
    throw new SecretBoxError('the sealed secret does not open with its key (altered, or another install)');
  }
}

export class SecretBoxError extends Error {
  override name = 'SecretBoxError';
}
