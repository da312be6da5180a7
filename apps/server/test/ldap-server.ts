import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Client } from 'ldapts';
import { makeTestCertificates, type TestCertificates } from './ldap-certs.js';
import { freePort } from './processes/server-process.js';

/**
 * A real OpenLDAP server for the directory tests: Debian's slapd, started on a free port over a
 * temporary mdb database with the core, cosine and inetOrgPerson schemas, filled by `entries`
 * through the root DN, and stopped and removed by close(). Without slapd the suite is skipped with
 * a notice, except under CI (CI=true), where a missing slapd fails the run (.ci/run installs it).
 * With `tls`, certificates made by openssl in its folder (ldap-certs.ts) serve StartTLS on the
 * plain port and LDAPS on a second one.
 */
export const SLAPD = '/usr/sbin/slapd';
export const BASE_DN = 'dc=lintel,dc=test';
export const ROOT_DN = `cn=admin,${BASE_DN}`;
export const ROOT_PASSWORD = 'root-secret';

export function slapdAvailable(): boolean {
  if (existsSync(SLAPD)) return true;
  if (process.env.CI === 'true') throw new Error(`CI=true but ${SLAPD} is missing: apt-get install -y slapd`);
  console.warn(`[lintel] LDAP suite skipped: no ${SLAPD} (apt-get install -y slapd)`);
  return false;
}

export interface LdapTestServer {
  host: string;
  /** Plain LDAP (StartTLS too, with `tls`). */
  port: number;
  /** LDAPS, with `tls` only. */
  tlsPort: number | null;
  /** The CA that signed the server's certificate, and a stranger CA, with `tls` only. */
  certificates: TestCertificates | null;
  close(): Promise<void>;
}

async function waitForBind(url: string, deadline: number): Promise<void> {
  for (;;) {
    const client = new Client({ url, connectTimeout: 500 });
    try {
      await client.bind(ROOT_DN, ROOT_PASSWORD);
      return;
    } catch (error) {
      if (Date.now() > deadline) throw error;
      await new Promise((resolve) => setTimeout(resolve, 100));
    } finally {
      await client.unbind().catch(() => undefined);
    }
  }
}

/** Starts slapd and adds `entries` (DN → attributes) in order, parents first. */
export async function startLdapServer(
  entries: [string, Record<string, string | string[]>][],
  options: { tls?: boolean } = {},
): Promise<LdapTestServer> {
  const dir = await fs.mkdtemp(path.join(os.tmpdir(), 'lintel-ldap-'));
  await fs.mkdir(path.join(dir, 'db'));
  const certificates = options.tls ? await makeTestCertificates(dir) : null;
  const hash = execFileSync('/usr/sbin/slappasswd', ['-s', ROOT_PASSWORD]).toString().trim();
  const config = [
    'include /etc/ldap/schema/core.schema',
    'include /etc/ldap/schema/cosine.schema',
    'include /etc/ldap/schema/inetorgperson.schema',
    'modulepath /usr/lib/ldap',
    'moduleload back_mdb',
    `pidfile ${dir}/slapd.pid`,
    ...(certificates
      ? [
          `TLSCACertificateFile ${certificates.caFile}`,
          `TLSCertificateFile ${certificates.certFile}`,
          `TLSCertificateKeyFile ${certificates.keyFile}`,
        ]
      : []),
    'database mdb',
    `suffix "${BASE_DN}"`,
    `rootdn "${ROOT_DN}"`,
    `rootpw ${hash}`,
    `directory ${dir}/db`,
    'maxsize 10485760',
    // People may bind as themselves and read; passwords are only compared, never read.
    'access to attrs=userPassword by self write by anonymous auth by * none',
    'access to * by * read',
  ].join('\n');
  await fs.writeFile(path.join(dir, 'slapd.conf'), `${config}\n`);
  const port = await freePort();
  const url = `ldap://127.0.0.1:${port}`;
  let tlsPort = certificates ? await freePort() : null;
  // Neither port is held until slapd starts: two draws could meet.
  while (tlsPort === port) tlsPort = await freePort();
  const listen = tlsPort ? `${url}/ ldaps://127.0.0.1:${tlsPort}/` : `${url}/`;
  // -d 0: stay in the foreground (the test owns the process) and log nothing.
  const child: ChildProcess = spawn(SLAPD, ['-f', path.join(dir, 'slapd.conf'), '-h', listen, '-d', '0'], {
    stdio: 'ignore',
  });
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  try {
    await waitForBind(url, Date.now() + 15_000);
    const client = new Client({ url });
    await client.bind(ROOT_DN, ROOT_PASSWORD);
    await client.add(BASE_DN, { objectClass: ['dcObject', 'organization'], dc: 'lintel', o: 'Lintel test' });
    for (const [dn, attributes] of entries) await client.add(dn, attributes);
    await client.unbind();
  } catch (error) {
    child.kill('SIGKILL');
    throw error;
  }
  return {
    host: '127.0.0.1',
    port,
    tlsPort,
    certificates,
    async close() {
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((resolve) => setTimeout(resolve, 3000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
      await fs.rm(dir, { recursive: true, force: true });
    },
  };
}
