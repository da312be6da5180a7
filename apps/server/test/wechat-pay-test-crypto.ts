import { execFileSync } from 'node:child_process';
import { createSign, randomBytes, type KeyObject } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/** Keys, signatures and the platform certificate of the local WeChat Pay server (wechat-pay-server.ts). */

export const pem = (key: KeyObject, type: 'pkcs8' | 'spki') =>
  key.export({ format: 'pem', type } as never).toString();
export const sign = (key: KeyObject, message: string) =>
  createSign('RSA-SHA256').update(message, 'utf8').sign(key, 'base64');
export const randomText = (bytes: number) => randomBytes(bytes).toString('hex');

export const opensslAvailable = (): boolean => {
  try {
    execFileSync('openssl', ['version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

export const randomUUIDish = () => `${randomText(4)}-${randomText(2)}-${randomText(2)}-${randomText(6)}`;

/** A self-signed RSA certificate with the given serial, made by the openssl command line tool. */
export function selfSignedCertificate(privateKey: KeyObject, serialHex: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'wechatpay-'));
  try {
    const keyFile = path.join(dir, 'key.pem');
    fs.writeFileSync(keyFile, pem(privateKey, 'pkcs8'));
    return execFileSync(
      'openssl',
      [
        'req',
        '-x509',
        '-new',
        '-key',
        keyFile,
        '-subj',
        '/CN=Tenpay.com Root CA',
        '-days',
        '30',
        '-set_serial',
        `0x${serialHex}`,
      ],
      { encoding: 'utf8' },
    );
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
