import { X509Certificate } from 'node:crypto';
import { badRequest } from '../../platform/http/errors.js';

const BLOCK = /-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g;

/**
 * The "CA certificate" of a directory setting as it is stored: one or more PEM certificates, each
 * one parsed (a typo would otherwise surface only as an untrusted directory at the next sign-in),
 * or null for none. Anything besides certificates (a private key pasted by mistake) is refused.
 */
export function caCertOf(input: string | null | undefined): string | null {
  const text = (input ?? '').trim();
  if (!text) return null;
  const blocks = text.match(BLOCK) ?? [];
  const rest = text.replace(BLOCK, '').trim();
  if (blocks.length === 0 || rest) throw badRequest('ldap.badCaCert');
  for (const block of blocks) {
    try {
      new X509Certificate(block);
    } catch {
      throw badRequest('ldap.badCaCert');
    }
  }
  return blocks.join('\n') + '\n';
}
