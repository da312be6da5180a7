import net from 'node:net';
import { Client, InvalidCredentialsError, type Entry } from 'ldapts';
import type { LdapTls } from '@lintel/contracts';
import type { OutboundPolicy } from '../../platform/net/outbound.js';

/**
 * The directory, spoken to over LDAP with ldapts (a maintained, dependency-light client with
 * StartTLS, paging and typed errors). Everything here is one connection per operation: sign-ins
 * and synchronisations are rare next to the cost of a stale pooled connection to a directory.
 */

/** How to reach the directory and what its attributes are called (the bind password opened). */
export interface DirectorySetting {
  host: string;
  port: number;
  tls: LdapTls;
  /** PEM of the private CA the directory's certificate must chain to; null: Node's public CAs. */
  caCert: string | null;
  baseDn: string;
  bindDn: string;
  bindPass: string;
  authFilter: string;
  bindAttrAccount: string;
  bindAttrEmployeeId: string;
  bindAttrCode: string;
  bindAttrName: string;
}

/** A person of the directory, as the sign-in filter finds it. */
export interface DirectoryPerson {
  dn: string;
  account: string | null;
  employeeId: string | null;
  name: string | null;
  mail: string | null;
}

/** An organisational unit of the directory. */
export interface DirectoryUnit {
  dn: string;
  code: string;
  name: string;
}

/**
 * The directory did not answer, showed a certificate that is not trusted, refused the service
 * account, or the address is not allowed.
 */
export class DirectoryUnavailable extends Error {
  override name = 'DirectoryUnavailable';
  constructor(
    readonly reason: 'refused' | 'unreachable' | 'untrusted' | 'bindFailed' | 'baseMissing',
    cause?: unknown,
  ) {
    super(reason, { cause });
  }
}

const TIMEOUT_MS = 5_000;

/** Node's codes for a certificate that does not verify: unknown issuer, wrong name, out of date. */
const CERTIFICATE_ERRORS = new Set([
  'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
  'UNABLE_TO_GET_ISSUER_CERT',
  'UNABLE_TO_GET_ISSUER_CERT_LOCALLY',
  'SELF_SIGNED_CERT_IN_CHAIN',
  'DEPTH_ZERO_SELF_SIGNED_CERT',
  'CERT_UNTRUSTED',
  'CERT_SIGNATURE_FAILURE',
  'CERT_HAS_EXPIRED',
  'CERT_NOT_YET_VALID',
  'CERT_REVOKED',
  'INVALID_CA',
  'ERR_TLS_CERT_ALTNAME_INVALID',
]);

const certificateRefused = (error: unknown): boolean =>
  CERTIFICATE_ERRORS.has((error as { code?: unknown } | null)?.code as string);
/** The most entries one synchronisation reads (a page of 500 at a time). */
export const SYNC_LIMIT = 10_000;

/** RFC 4515: a value inside a filter, with the characters of the filter syntax escaped. */
export function escapeFilterValue(value: string): string {
  return value.replace(/[\\*()\0]/g, (c) => `\\${c.charCodeAt(0).toString(16).padStart(2, '0')}`);
}

/** The sign-in filter with the typed name in place of %s, in parentheses. */
export function personFilter(authFilter: string, login: string | null): string {
  const value = login === null ? '*' : escapeFilterValue(login);
  const filter = authFilter.replaceAll('%s', value);
  return filter.startsWith('(') ? filter : `(${filter})`;
}

/** An attribute's first value, looked up without regard to case (servers answer their own case). */
function attribute(entry: Entry, name: string): string | Buffer | null {
  const key = Object.keys(entry).find((k) => k.toLowerCase() === name.toLowerCase());
  if (!key || key === 'dn') return null;
  const value = entry[key];
  const first = Array.isArray(value) ? value[0] : value;
  return first === undefined || first === '' ? null : first;
}

const text = (entry: Entry, name: string): string | null => {
  const value = attribute(entry, name);
  return value === null ? null : Buffer.isBuffer(value) ? value.toString('utf8') : value;
};

/** Active Directory's objectGUID is 16 bytes, the first three groups little-endian. */
export function guidText(bytes: Buffer): string {
  const hex = (from: number, to: number, reverse: boolean) => {
    const part = [...bytes.subarray(from, to)];
    return (reverse ? part.reverse() : part).map((b) => b.toString(16).padStart(2, '0')).join('');
  };
  return [hex(0, 4, true), hex(4, 6, true), hex(6, 8, true), hex(8, 10, false), hex(10, 16, false)].join('-');
}

/** A unit's stable code: objectGUID as a GUID, other attributes (entryUUID) as text, else the DN. */
function codeOf(entry: Entry, setting: DirectorySetting): string {
  const value = attribute(entry, setting.bindAttrCode);
  if (Buffer.isBuffer(value)) return value.length === 16 ? guidText(value) : value.toString('hex');
  return value ?? entry.dn.toLowerCase();
}

function personOf(entry: Entry, setting: DirectorySetting): DirectoryPerson {
  return {
    dn: entry.dn,
    account: text(entry, setting.bindAttrAccount),
    employeeId: text(entry, setting.bindAttrEmployeeId),
    name: text(entry, setting.bindAttrName),
    mail: text(entry, 'mail'),
  };
}

export class Directory {
  constructor(
    private readonly policy: OutboundPolicy,
    private readonly setting: DirectorySetting,
  ) {}

  /** A client connected to the directory (under the outbound policy) and bound as `dn`. */
  private async open(dn: string, password: string): Promise<Client> {
    const { host, port, tls } = this.setting;
    const address = await this.policy.dialAddress(host, port).catch((error: unknown) => {
      throw new DirectoryUnavailable('refused', error);
    });
    const literal = host.replace(/^\[|\]$/g, '');
    const hostInUrl = net.isIPv6(address) ? `[${address}]` : address;
    // Certificates are checked against the name the setting gives, not the address dialled, and
    // chain to the setting's own CA where it names one (a private CA), else to Node's public ones.
    const tlsOptions = {
      servername: net.isIP(literal) ? undefined : literal,
      ...(this.setting.caCert ? { ca: this.setting.caCert } : {}),
    };
    // ldapts speaks TLS from the start whenever it is given TLS options: only for ldaps.
    const client = new Client({
      url: `${tls === 'ldaps' ? 'ldaps' : 'ldap'}://${hostInUrl}:${port}`,
      timeout: TIMEOUT_MS,
      connectTimeout: TIMEOUT_MS,
      ...(tls === 'ldaps' ? { tlsOptions } : {}),
    });
    try {
      if (tls === 'starttls') await client.startTLS(tlsOptions);
      await client.bind(dn, password);
      return client;
    } catch (error) {
      await client.unbind().catch(() => undefined);
      if (error instanceof InvalidCredentialsError) throw error;
      // Never retried in plain text: a refused certificate ends the attempt.
      throw new DirectoryUnavailable(certificateRefused(error) ? 'untrusted' : 'unreachable', error);
    }
  }

  /** Runs `work` as the service account. */
  private async asService<T>(work: (client: Client) => Promise<T>): Promise<T> {
    let client: Client;
    try {
      client = await this.open(this.setting.bindDn, this.setting.bindPass);
    } catch (error) {
      if (error instanceof InvalidCredentialsError) throw new DirectoryUnavailable('bindFailed', error);
      throw error;
    }
    try {
      return await work(client);
    } catch (error) {
      if (error instanceof DirectoryUnavailable) throw error;
      const noBase = (error as { code?: number }).code === 32;
      throw new DirectoryUnavailable(noBase ? 'baseMissing' : 'unreachable', error);
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }

  private attributes(): string[] {
    const s = this.setting;
    return [s.bindAttrAccount, s.bindAttrEmployeeId, s.bindAttrCode, s.bindAttrName, 'mail', 'ou'];
  }

  private async search(client: Client, filter: string, sizeLimit: number): Promise<Entry[]> {
    const { searchEntries } = await client.search(this.setting.baseDn, {
      scope: 'sub',
      filter,
      attributes: this.attributes(),
      explicitBufferAttributes:
        this.setting.bindAttrCode.toLowerCase() === 'objectguid' ? ['objectGUID'] : [],
      sizeLimit,
      paged: { pageSize: 500 },
    });
    return searchEntries;
  }

  /**
   * Whether `password` is the directory password of the person `login` names. The person is found
   * by the sign-in filter as the service account, then bound as. An empty password is never sent:
   * LDAP treats a bind with a DN and no password as anonymous, and many servers accept it.
   */
  async authenticate(login: string, password: string): Promise<{ valid: boolean; dn: string | null }> {
    const found = await this.asService((client) =>
      this.search(client, personFilter(this.setting.authFilter, login), 2),
    );
    // None, or a filter that names more than one person: nobody to check the password of.
    if (found.length !== 1 || !password) return { valid: false, dn: found[0]?.dn ?? null };
    const dn = found[0]!.dn;
    try {
      const client = await this.open(dn, password);
      await client.unbind().catch(() => undefined);
      return { valid: true, dn };
    } catch (error) {
      if (error instanceof InvalidCredentialsError) return { valid: false, dn };
      throw error;
    }
  }

  /** What a synchronisation reads: the people of the sign-in filter and the units, under the base. */
  async read(limit = SYNC_LIMIT): Promise<{ people: DirectoryPerson[]; units: DirectoryUnit[] }> {
    return this.asService(async (client) => {
      const people = await this.search(client, personFilter(this.setting.authFilter, null), limit);
      const units = await this.search(client, '(objectClass=organizationalUnit)', limit);
      return {
        people: people.map((entry) => personOf(entry, this.setting)),
        units: units.map((entry) => ({
          dn: entry.dn,
          code: codeOf(entry, this.setting),
          name: text(entry, 'ou') ?? entry.dn.split(',')[0]!.replace(/^[^=]*=/, ''),
        })),
      };
    });
  }
}
