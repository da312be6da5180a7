import smCrypto from 'sm-crypto';

/** Encrypts a password exactly as the browser does (sm-crypto, C1C3C2), for tests and benchmarks. */
export function sm2Encrypt(plain: string, publicKey: string): string {
  return smCrypto.sm2.doEncrypt(plain, publicKey, 1);
}
