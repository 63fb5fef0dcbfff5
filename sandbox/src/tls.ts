import { generateKeyPairSync, randomBytes, X509Certificate } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import { join } from 'node:path';
import forge from 'node-forge';

/**
 * `--tls`: the sandbox as a school network shows the service through a TLS-inspecting firewall, i.e.
 * with a certificate from an authority no computer trusts until IT deploys it. The authority and the
 * server certificate are made once per data folder (a developer trusts the CA once) and reused.
 */

export const SANDBOX_CA_NAME = 'Video Collab Sandbox CA';
const organisation = 'Video Collab Sandbox';

export interface SandboxTls {
  /** The authority's certificate (PEM): what IT would deploy, or the CaCertificateFile policy names. */
  caPem: string;
  /** `<data>/tls/ca.pem`. */
  caPath: string;
  /** The server's key and certificate (PEM) for Node's https server. */
  key: string;
  cert: string;
}

interface Files {
  caCert: string;
  caKey: string;
  serverCert: string;
  serverKey: string;
}

const filesIn = (folder: string): Files => ({
  caCert: join(folder, 'ca.pem'),
  caKey: join(folder, 'ca-key.pem'),
  serverCert: join(folder, 'server.pem'),
  serverKey: join(folder, 'server-key.pem'),
});

/** Makes (or reuses from `<dataDir>/tls`) the CA and a server certificate for 127.0.0.1 and localhost. */
export function sandboxTls(dataDir: string, now: Date = new Date()): SandboxTls {
  const folder = join(dataDir, 'tls');
  const files = filesIn(folder);
  const reused = reusable(files, now);
  if (reused) return reused;
  mkdirSync(folder, { recursive: true });
  const ca = makeAuthority(now);
  const server = makeServerCertificate(ca, now);
  // Keys are written owner-only: a habit worth keeping even for a throwaway authority.
  writeFileSync(files.caKey, ca.keyPem, { mode: 0o600 });
  writeFileSync(files.serverKey, server.keyPem, { mode: 0o600 });
  writeFileSync(files.caCert, ca.certPem);
  writeFileSync(files.serverCert, server.certPem);
  return { caPem: ca.certPem, caPath: files.caCert, key: server.keyPem, cert: server.certPem };
}

/** The stored pair, when all four files are there, the server certificate is ours and valid for another day. */
function reusable(files: Files, now: Date): SandboxTls | undefined {
  if (!Object.values(files).every((file) => existsSync(file))) return undefined;
  try {
    const caPem = readFileSync(files.caCert, 'utf8');
    const cert = readFileSync(files.serverCert, 'utf8');
    const key = readFileSync(files.serverKey, 'utf8');
    const server = new X509Certificate(cert);
    const caCert = new X509Certificate(caPem);
    const dayAhead = now.getTime() + 24 * 3600_000;
    if (!server.verify(caCert.publicKey) || Date.parse(server.validTo) < dayAhead) return undefined;
    return { caPem, caPath: files.caCert, key, cert };
  } catch {
    // Damaged files: make new ones.
    return undefined;
  }
}

export interface Made {
  cert: forge.pki.Certificate;
  key: forge.pki.rsa.PrivateKey;
  certPem: string;
  keyPem: string;
}

/** Node makes the RSA key (native, fast); forge only writes and signs the certificate. */
function rsaKey(): { key: forge.pki.rsa.PrivateKey; publicKey: forge.pki.rsa.PublicKey; keyPem: string } {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    publicKeyEncoding: { type: 'spki', format: 'pem' },
    privateKeyEncoding: { type: 'pkcs1', format: 'pem' },
  });
  const key = forge.pki.privateKeyFromPem(privateKey);
  return { key, publicKey: forge.pki.setRsaPublicKey(key.n, key.e), keyPem: privateKey };
}

/** A positive serial number (the leading byte keeps the top bit clear). */
const serial = (): string => `01${randomBytes(15).toString('hex')}`;

const shifted = (from: Date, ms: number): Date => new Date(from.getTime() + ms);
const day = 24 * 3600_000;

/**
 * A certificate authority: the sandbox's own, or in tests another one, such as the root a TLS-inspecting
 * firewall signs its forged certificates with.
 */
export function makeAuthority(now: Date, commonName = SANDBOX_CA_NAME, organisationName = organisation): Made {
  const { key, publicKey, keyPem } = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial();
  // An hour back: a clock a little behind must not see a certificate from the future.
  cert.validity.notBefore = shifted(now, -3600_000);
  cert.validity.notAfter = shifted(now, 10 * 365 * day);
  const name = [
    { name: 'commonName', value: commonName },
    { name: 'organizationName', value: organisationName },
  ];
  cert.setSubject(name);
  cert.setIssuer(name);
  cert.setExtensions([
    { name: 'basicConstraints', cA: true, critical: true },
    { name: 'keyUsage', keyCertSign: true, cRLSign: true, critical: true },
    { name: 'subjectKeyIdentifier' },
  ]);
  cert.sign(key, forge.md.sha256.create());
  return { cert, key, certPem: forge.pki.certificateToPem(cert), keyPem };
}

/** A server certificate from `ca` for `host` (a name, or an IP address); the sandbox's is for localhost and 127.0.0.1. */
export function makeServerCertificate(
  ca: Made,
  now: Date,
  hosts: readonly string[] = ['localhost', '127.0.0.1'],
): { certPem: string; keyPem: string } {
  const { publicKey, keyPem } = rsaKey();
  const cert = forge.pki.createCertificate();
  cert.publicKey = publicKey;
  cert.serialNumber = serial();
  cert.validity.notBefore = shifted(now, -3600_000);
  // Under the 398 days browsers accept, in case someone opens the sandbox in one.
  cert.validity.notAfter = shifted(now, 397 * day);
  cert.setSubject([
    { name: 'commonName', value: hosts[0] ?? 'localhost' },
    { name: 'organizationName', value: ca.cert.subject.getField('O')?.value ?? organisation },
  ]);
  cert.setIssuer(ca.cert.subject.attributes);
  cert.setExtensions([
    { name: 'basicConstraints', cA: false },
    { name: 'keyUsage', digitalSignature: true, keyEncipherment: true, critical: true },
    { name: 'extKeyUsage', serverAuth: true },
    {
      name: 'subjectAltName',
      altNames: hosts.map((host) => (isIP(host) ? { type: 7, ip: host } : { type: 2, value: host })),
    },
    { name: 'subjectKeyIdentifier' },
    { name: 'authorityKeyIdentifier', keyIdentifier: ca.cert.generateSubjectKeyIdentifier().getBytes() },
  ]);
  cert.sign(ca.key, forge.md.sha256.create());
  return { certPem: forge.pki.certificateToPem(cert), keyPem };
}
