import { createECDH, createHash, timingSafeEqual } from 'node:crypto';
import smCrypto from 'sm-crypto';

/**
 * SM2 public-key encryption (GB/T 32918.4) in the C1C3C2 layout that the browser library
 * `sm-crypto` produces with doEncrypt(text, publicKey, 1), on Node's native OpenSSL: the SM2 curve
 * and SM3 are built in, which makes decryption about ten times faster than a JavaScript port
 * (it runs on every sign-in).
 */
export interface Sm2KeyPair {
  /** Uncompressed point, hex, with the leading 04 (what clients pass to doEncrypt). */
  publicKey: string;
  privateKey: string;
}

const P = BigInt('0xFFFFFFFEFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFFF00000000FFFFFFFFFFFFFFFF');
const A = P - 3n;
const B = BigInt('0x28E9FA9E9D9F5E344D5A9E4BCF6509A7F39789F515AB8F92DDBCBD414D940E93');

const sm3 = (...parts: Buffer[]) => {
  const hash = createHash('sm3');
  for (const part of parts) hash.update(part);
  return hash.digest();
};

function modPow(base: bigint, exponent: bigint, modulus: bigint): bigint {
  let result = 1n;
  base %= modulus;
  while (exponent > 0n) {
    if (exponent & 1n) result = (result * base) % modulus;
    base = (base * base) % modulus;
    exponent >>= 1n;
  }
  return result;
}

const toBuffer = (n: bigint) => Buffer.from(n.toString(16).padStart(64, '0'), 'hex');

/** Both y for an x on the curve (p ≡ 3 mod 4, so the square root is a single power). */
function yCandidates(x: Buffer): Buffer[] {
  const xn = BigInt(`0x${x.toString('hex')}`);
  const rhs = (((xn * xn) % P) * xn + A * xn + B) % P;
  const y = modPow(rhs, (P + 1n) / 4n, P);
  if ((y * y) % P !== rhs) return [];
  return [toBuffer(y), toBuffer(P - y)];
}

/** The SM2 key derivation function on SM3. */
function kdf(z: Buffer, length: number): Buffer {
  const blocks: Buffer[] = [];
  for (let counter = 1; blocks.length * 32 < length; counter++) {
    const ct = Buffer.alloc(4);
    ct.writeUInt32BE(counter);
    blocks.push(sm3(z, ct));
  }
  return Buffer.concat(blocks).subarray(0, length);
}

export function generateSm2KeyPair(): Sm2KeyPair {
  const ecdh = createECDH('SM2');
  ecdh.generateKeys();
  return {
    publicKey: ecdh.getPublicKey('hex', 'uncompressed'),
    privateKey: ecdh.getPrivateKey('hex').padStart(64, '0'),
  };
}

/** setPrivateKey derives the public point (a scalar multiplication): do it once per key. */
let cachedKey: { privateKey: string; ecdh: ReturnType<typeof createECDH> } | undefined;
function ecdhFor(privateKey: string) {
  if (cachedKey?.privateKey !== privateKey) {
    const ecdh = createECDH('SM2');
    ecdh.setPrivateKey(Buffer.from(privateKey.padStart(64, '0'), 'hex'));
    cachedKey = { privateKey, ecdh };
  }
  return cachedKey.ecdh;
}

function decryptC1C3C2(data: Buffer, privateKey: string): string | null {
  if (data.length <= 64 + 32) return null;
  const c1 = Buffer.concat([Buffer.from([4]), data.subarray(0, 64)]);
  const c3 = data.subarray(64, 96);
  const c2 = data.subarray(96);
  const ecdh = ecdhFor(privateKey);
  let x2: Buffer;
  try {
    x2 = ecdh.computeSecret(c1); // x of [d]C1; throws when C1 is not on the curve
  } catch {
    return null;
  }
  // ECDH yields only x; of the two possible y, the C3 digest accepts the right one.
  for (const y2 of yCandidates(x2)) {
    const t = kdf(Buffer.concat([x2, y2]), c2.length);
    const message = Buffer.alloc(c2.length);
    for (let i = 0; i < c2.length; i++) message[i] = c2[i]! ^ t[i]!;
    if (timingSafeEqual(sm3(x2, message, y2), c3)) return message.toString('utf8');
  }
  return null;
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
    const plain = decryptC1C3C2(Buffer.from(candidate, 'hex'), privateKey);
    if (plain !== null) return plain;
  }
  return null;
}

/**
 * Encrypts text for a public key exactly as the browser does (sm-crypto doEncrypt, C1C3C2, hex
 * without the leading 04). Node's ECDH yields only the x of the shared point and encryption needs
 * its y too, so this runs on sm-crypto: it serves the developer tools (sysCommon/encryptPlainText),
 * never a sign-in.
 */
export function sm2Encrypt(plain: string, publicKey: string): string {
  return smCrypto.sm2.doEncrypt(plain, publicKey, 1);
}
