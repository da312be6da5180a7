import {
  createDecipheriv,
  createPrivateKey,
  createPublicKey,
  createSign,
  createVerify,
  randomBytes,
  type KeyObject,
} from 'node:crypto';

/**
 * The exact pieces of WeChat Pay APIv3's protocol, with node:crypto only: the merchant's request
 * signature, the check of WeChat's signature on answers and notifications, the AES-256-GCM
 * decryption of encrypted resources, and the JSAPI pay sign. Nothing here does I/O.
 */

export const AUTH_SCHEMA = 'WECHATPAY2-SHA256-RSA2048';
/** Answers and notifications older or newer than this are refused (replay). */
export const MAX_SKEW_SECONDS = 300;

export const nonce = () => randomBytes(16).toString('hex').toUpperCase();
export const unixNow = () => Math.floor(Date.now() / 1000);

/** A PEM key as typed into a form: surrounding space and Windows line ends do not matter. */
export function privateKeyOf(pem: string): KeyObject {
  return createPrivateKey(pem.trim().replace(/\r\n/g, '\n'));
}

export function publicKeyOf(pem: string): KeyObject {
  return createPublicKey(pem.trim().replace(/\r\n/g, '\n'));
}

export function rsaSign(key: KeyObject, message: string): string {
  return createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
}

export function rsaVerify(key: KeyObject, message: string, signature: string): boolean {
  try {
    return createVerify('RSA-SHA256').update(message, 'utf8').verify(key, signature, 'base64');
  } catch {
    return false;
  }
}

export interface Merchant {
  merchantId: string;
  serialNo: string;
  privateKey: KeyObject;
}

/** The Authorization header of one request: signs METHOD, path with query, time, nonce and body. */
export function authorization(
  merchant: Merchant,
  method: string,
  pathWithQuery: string,
  body: string,
  timestamp = unixNow(),
  nonceStr = nonce(),
): string {
  const message = `${method}\n${pathWithQuery}\n${timestamp}\n${nonceStr}\n${body}\n`;
  const signature = rsaSign(merchant.privateKey, message);
  return (
    `${AUTH_SCHEMA} mchid="${merchant.merchantId}",nonce_str="${nonceStr}",` +
    `signature="${signature}",timestamp="${timestamp}",serial_no="${merchant.serialNo}"`
  );
}

/** The fields of an Authorization header (the fake server and tests read them back). */
export function parseAuthorization(header: string | undefined): Record<string, string> | undefined {
  if (!header?.startsWith(`${AUTH_SCHEMA} `)) return undefined;
  const fields: Record<string, string> = {};
  for (const match of header.slice(AUTH_SCHEMA.length + 1).matchAll(/(\w+)="([^"]*)"/g))
    fields[match[1]!] = match[2]!;
  return fields;
}

/** The four Wechatpay-* headers that come with every answer and notification. */
export interface SignedHeaders {
  timestamp: string | undefined;
  nonce: string | undefined;
  serial: string | undefined;
  signature: string | undefined;
}

export function signedHeadersOf(get: (name: string) => string | null | undefined): SignedHeaders {
  return {
    timestamp: get('wechatpay-timestamp') ?? undefined,
    nonce: get('wechatpay-nonce') ?? undefined,
    serial: get('wechatpay-serial') ?? undefined,
    signature: get('wechatpay-signature') ?? undefined,
  };
}

export type VerifyFailure = 'missingHeaders' | 'stale' | 'unknownSerial' | 'badSignature';

/**
 * Checks WeChat's signature over `${timestamp}\n${nonce}\n${body}\n` with the key of the named
 * serial (`keyFor` answers undefined for a serial it does not know). Returns why it fails, or null.
 */
export async function verifySigned(
  headers: SignedHeaders,
  body: string,
  keyFor: (serial: string) => Promise<KeyObject | undefined>,
  now = unixNow(),
): Promise<VerifyFailure | null> {
  const { timestamp, nonce: nonceStr, serial, signature } = headers;
  if (!timestamp || !nonceStr || !serial || !signature) return 'missingHeaders';
  if (!/^\d{1,12}$/.test(timestamp) || Math.abs(now - Number(timestamp)) > MAX_SKEW_SECONDS) return 'stale';
  const key = await keyFor(serial);
  if (!key) return 'unknownSerial';
  return rsaVerify(key, `${timestamp}\n${nonceStr}\n${body}\n`, signature) ? null : 'badSignature';
}

export interface EncryptedResource {
  algorithm: string;
  ciphertext: string;
  associated_data?: string | undefined;
  nonce: string;
}

/** AES-256-GCM with the APIv3 key; the ciphertext's last 16 bytes are the tag. Throws when altered. */
export function decryptResource(v3Secret: string, resource: EncryptedResource): string {
  if (resource.algorithm !== 'AEAD_AES_256_GCM') throw new Error(`unknown algorithm ${resource.algorithm}`);
  const data = Buffer.from(resource.ciphertext, 'base64');
  if (data.length < 17) throw new Error('ciphertext too short');
  const decipher = createDecipheriv(
    'aes-256-gcm',
    Buffer.from(v3Secret, 'utf8'),
    Buffer.from(resource.nonce, 'utf8'),
  );
  decipher.setAuthTag(data.subarray(data.length - 16));
  decipher.setAAD(Buffer.from(resource.associated_data ?? '', 'utf8'));
  return Buffer.concat([decipher.update(data.subarray(0, data.length - 16)), decipher.final()]).toString(
    'utf8',
  );
}

/** The parameters a WeChat JSAPI page passes to WeixinJSBridge / wx.requestPayment. */
export function jsapiPayParams(appId: string, prepayId: string, privateKey: KeyObject) {
  const timeStamp = String(unixNow());
  const nonceStr = nonce();
  const pkg = `prepay_id=${prepayId}`;
  const paySign = rsaSign(privateKey, `${appId}\n${timeStamp}\n${nonceStr}\n${pkg}\n`);
  return { appId, timeStamp, nonceStr, package: pkg, signType: 'RSA', paySign };
}
