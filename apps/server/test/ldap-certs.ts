import { execFileSync } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';

/** PEM files of a private CA and a server certificate it signed, for a TLS test directory. */
export interface TestCertificates {
  /** The CA certificate (PEM text) that signed the server's. */
  caPem: string;
  /** Another self-signed CA that signed nothing here: trusting it must not make the server trusted. */
  strangerCaPem: string;
  caFile: string;
  certFile: string;
  keyFile: string;
}

const openssl = (dir: string, args: string[]) => execFileSync('openssl', args, { cwd: dir, stdio: 'pipe' });

/** A self-signed CA certificate and its key (P-256: quick to make, and both TLS stacks take it). */
function makeCa(dir: string, name: string, commonName: string) {
  openssl(dir, [
    'req',
    '-x509',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    `${name}.key`,
    '-out',
    `${name}.pem`,
    '-days',
    '2',
    '-subj',
    `/CN=${commonName}`,
    '-addext',
    'basicConstraints=critical,CA:TRUE',
    '-addext',
    'keyUsage=critical,keyCertSign,cRLSign',
  ]);
}

/**
 * Writes, with `openssl`, into `dir`: a test CA, a server certificate it signed for 127.0.0.1 and
 * localhost (subjectAltName, serverAuth), the server's key, and a second CA that signed nothing.
 */
export async function makeTestCertificates(dir: string): Promise<TestCertificates> {
  makeCa(dir, 'ca', 'Lintel Test CA');
  makeCa(dir, 'stranger-ca', 'Lintel Stranger CA');
  openssl(dir, [
    'req',
    '-newkey',
    'ec',
    '-pkeyopt',
    'ec_paramgen_curve:prime256v1',
    '-nodes',
    '-keyout',
    'server.key',
    '-out',
    'server.csr',
    '-subj',
    '/CN=localhost',
  ]);
  await fs.writeFile(
    path.join(dir, 'server.ext'),
    [
      'subjectAltName=DNS:localhost,IP:127.0.0.1',
      'basicConstraints=CA:FALSE',
      'keyUsage=critical,digitalSignature',
      'extendedKeyUsage=serverAuth',
    ].join('\n'),
  );
  openssl(dir, [
    'x509',
    '-req',
    '-in',
    'server.csr',
    '-CA',
    'ca.pem',
    '-CAkey',
    'ca.key',
    '-set_serial',
    '2',
    '-days',
    '2',
    '-extfile',
    'server.ext',
    '-out',
    'server.pem',
  ]);
  return {
    caPem: await fs.readFile(path.join(dir, 'ca.pem'), 'utf8'),
    strangerCaPem: await fs.readFile(path.join(dir, 'stranger-ca.pem'), 'utf8'),
    caFile: path.join(dir, 'ca.pem'),
    certFile: path.join(dir, 'server.pem'),
    keyFile: path.join(dir, 'server.key'),
  };
}
