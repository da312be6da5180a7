import smCrypto from 'sm-crypto';

const { sm2 } = smCrypto;
/** C1C3C2, the layout `sm-crypto`'s doEncrypt(text, publicKey, 1) produces. */
const C1C3C2 = 1;

export interface Sm2KeyPair {
  /** Uncompressed point, hex, with the leading 04 (what clients pass to doEncrypt). */
  publicKey: string;
  privateKey: string;
}

export function generateSm2KeyPair(): Sm2KeyPair {
  const { publicKey, privateKey } = sm2.generateKeyPairHex();
  return { publicKey, privateKey };
}

export function sm2Encrypt(plain: string, publicKey: string): string {
  return sm2.doEncrypt(plain, publicKey, C1C3C2);
}

/**
 * Decrypts a hex C1C3C2 ciphertext, with or without the leading 04 of the C1 point. The embedded
 * C3 digest makes a wrong guess fail cleanly, so both forms are tried. Returns null when the
 * ciphertext is not valid for this key.
 */
export function sm2Decrypt(cipherHex: string, privateKey: string): string | null {
  const hex = cipherHex.trim().toLowerCase();
  if (!/^[0-9a-f]+$/.test(hex) || hex.length < 128 + 64 + 2 || hex.length % 2 !== 0) return null;
  const candidates = hex.startsWith('04') ? [hex.slice(2), hex] : [hex];
  for (const candidate of candidates) {
    try {
      const plain = sm2.doDecrypt(candidate, privateKey, C1C3C2, { output: 'string' });
      if (plain) return plain;
    } catch {
      // malformed point or padding: try the other form
    }
  }
  return null;
}
