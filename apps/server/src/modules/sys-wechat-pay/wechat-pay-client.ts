import { X509Certificate, type KeyObject } from 'node:crypto';
import { HostRefused, OutboundRefused, type OutboundPolicy } from '../../platform/net/outbound.js';
import {
  authorization,
  decryptResource,
  publicKeyOf,
  signedHeadersOf,
  verifySigned,
  type EncryptedResource,
  type Merchant,
  type SignedHeaders,
  type VerifyFailure,
} from './wechat-pay-protocol.js';

/** An opened merchant setting: what the client needs to sign and to check WeChat's signatures. */
export interface OpenSetting extends Merchant {
  tenantId: string;
  appId: string;
  v3Secret: string;
  platformPublicKeyId: string | null;
  platformPublicKey: KeyObject | null;
  subAppId: string | null;
  subMerchantId: string | null;
  apiBase: string;
}

/** Why a call to WeChat did not give an answer to use. */
export class WechatPayFailure extends Error {
  override name = 'WechatPayFailure';
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'badSignature' | 'hostRefused',
    readonly status = 0,
    readonly code = '',
    detail = '',
  ) {
    super(detail || reason);
  }
}

interface CachedCertificates {
  keys: Map<string, KeyObject>;
  fetchedAt: number;
}
/** Platform certificates by merchant and API base; WeChat rotates them yearly, so 12 hours is ample. */
const CERTIFICATES = new Map<string, CachedCertificates>();
const CERTIFICATE_TTL_MS = 12 * 3600_000;
/** An unknown serial refetches at most this often, so forged serials cannot make us hammer WeChat. */
const REFETCH_AFTER_MS = 60_000;

export interface WechatAnswer<T> {
  status: number;
  data: T;
}

/**
 * WeChat Pay APIv3 over HTTPS. Every call goes through Lintel's outbound policy (`ctx.outbound`), so
 * an API base pointed at a private address is refused unless the operator allows it (tests do, with
 * ALLOW_PRIVATE_HOSTS). Every request is signed and every answer's signature is checked.
 */
export class WechatPayClient {
  constructor(
    private readonly outbound: OutboundPolicy,
    readonly setting: OpenSetting,
  ) {}

  async call<T>(method: 'GET' | 'POST', path: string, payload?: unknown): Promise<WechatAnswer<T>> {
    const answer = await this.send(method, path, payload);
    const failure = await this.verify(answer.headers, answer.text);
    if (failure) throw new WechatPayFailure('badSignature', answer.status, failure);
    return this.parse<T>(answer.status, answer.text);
  }

  /** Checks a notification or answer against the platform key its serial names. */
  verify(headers: SignedHeaders, body: string): Promise<VerifyFailure | null> {
    return verifySigned(headers, body, (serial) => this.platformKey(serial));
  }

  decrypt(resource: EncryptedResource): string {
    return decryptResource(this.setting.v3Secret, resource);
  }

  private parse<T>(status: number, text: string): WechatAnswer<T> {
    let data: unknown = null;
    if (text) {
      try {
        data = JSON.parse(text);
      } catch {
        throw new WechatPayFailure('unreachable', status, '', 'not JSON');
      }
    }
    if (status >= 200 && status < 300) return { status, data: data as T };
    const { code = '', message = '' } = (data ?? {}) as { code?: string; message?: string };
    if (status >= 400 && status < 500) throw new WechatPayFailure('refused', status, code, message);
    throw new WechatPayFailure('unreachable', status, code, message);
  }

  private async send(method: string, path: string, payload?: unknown) {
    const body = payload === undefined ? '' : JSON.stringify(payload);
    const url = new URL(path, this.setting.apiBase.replace(/\/+$/, '') + '/');
    const signedPath = `${url.pathname}${url.search}`;
    try {
      const response = await this.outbound.fetch(url.toString(), {
        method,
        headers: {
          authorization: authorization(this.setting, method, signedPath, body),
          accept: 'application/json',
          'user-agent': 'Lintel-WechatPay/1',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        ...(body ? { body } : {}),
        signal: AbortSignal.timeout(15_000),
      });
      const text = await response.text();
      return {
        status: response.status,
        text,
        headers: signedHeadersOf((name) => response.headers.get(name)),
      };
    } catch (error) {
      if (error instanceof OutboundRefused || error instanceof HostRefused)
        throw new WechatPayFailure('hostRefused');
      throw new WechatPayFailure('unreachable', 0, '', (error as Error).message);
    }
  }

  /** The key of a serial: the configured public key (public key mode) or a platform certificate. */
  private async platformKey(serial: string): Promise<KeyObject | undefined> {
    const { platformPublicKeyId, platformPublicKey } = this.setting;
    if (platformPublicKeyId && serial === platformPublicKeyId) return platformPublicKey ?? undefined;
    const cacheKey = `${this.setting.tenantId}|${this.setting.merchantId}|${this.setting.apiBase}`;
    let cached = CERTIFICATES.get(cacheKey);
    const age = cached ? Date.now() - cached.fetchedAt : Infinity;
    if (!cached || age > CERTIFICATE_TTL_MS || (!cached.keys.has(serial) && age > REFETCH_AFTER_MS)) {
      cached = { keys: await this.downloadCertificates(), fetchedAt: Date.now() };
      CERTIFICATES.set(cacheKey, cached);
    }
    return cached.keys.get(serial);
  }

  /**
   * GET /v3/certificates: each certificate is encrypted with the APIv3 key, and the answer is signed
   * by one of the certificates it carries, so it is checked after they are opened.
   */
  private async downloadCertificates(): Promise<Map<string, KeyObject>> {
    const answer = await this.send('GET', '/v3/certificates');
    const { data } = this.parse<{ data?: { serial_no: string; encrypt_certificate: EncryptedResource }[] }>(
      answer.status,
      answer.text,
    );
    const keys = new Map<string, KeyObject>();
    for (const entry of data?.data ?? []) {
      try {
        const certificate = new X509Certificate(this.decrypt(entry.encrypt_certificate));
        if (certificate.serialNumber.toUpperCase() !== entry.serial_no.toUpperCase()) continue;
        keys.set(entry.serial_no, certificate.publicKey);
      } catch {
        // A certificate that does not open with this APIv3 key is not ours to trust.
      }
    }
    const failure = await verifySigned(answer.headers, answer.text, async (serial) => keys.get(serial));
    if (failure) throw new WechatPayFailure('badSignature', answer.status, failure);
    return keys;
  }
}

/** Opens a PEM public key typed into the settings, or null when none is set. */
export const platformPublicKeyOf = (pem: string | null) => (pem?.trim() ? publicKeyOf(pem) : null);
