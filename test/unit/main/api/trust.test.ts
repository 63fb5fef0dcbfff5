import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates, type DetailedPeerCertificate } from 'node:tls';
import { afterAll, describe, expect, it } from 'vitest';
import { untrustedCertificateError, type PresentedCertificate } from '../../../../main/api/errors';
import { chainOf, createTrust } from '../../../../main/api/trust';
import { AppError } from '../../../../main/services/app-error';
import type { Logger } from '../../../../main/services/log';

const folder = mkdtempSync(join(tmpdir(), 'trust-test-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

function recording(): { log: Logger; warnings: string[] } {
  const warnings: string[] = [];
  return {
    warnings,
    log: { info: () => undefined, warn: (message) => void warnings.push(message), error: () => undefined },
  };
}

describe('createTrust', () => {
  it('trusts the bundled roots plus every certificate of the named PEM file', () => {
    const file = join(folder, 'two.pem');
    writeFileSync(file, `${rootCertificates[0]}\n${rootCertificates[1]}\n`);
    const { log, warnings } = recording();
    const trust = createTrust({ log, system: false, caFiles: [file] });
    expect(trust.counts).toEqual({ bundled: rootCertificates.length, system: 0, files: 2 });
    expect(trust.agentOptions.secureContext).toBeDefined();
    expect(warnings).toEqual([]);
  });

  it('a missing file is one clear line and is ignored', () => {
    const { log, warnings } = recording();
    const trust = createTrust({ log, system: false, caFiles: [join(folder, 'absent.pem')] });
    expect(trust.counts.files).toBe(0);
    expect(warnings).toEqual([`CaCertificateFile ignored: ${join(folder, 'absent.pem')}: it does not exist`]);
  });

  it('a file without certificates, or with a damaged one, is one clear line and is ignored whole', () => {
    const empty = join(folder, 'empty.pem');
    writeFileSync(empty, 'not a certificate');
    const damaged = join(folder, 'damaged.pem');
    writeFileSync(damaged, `${rootCertificates[0]}\n-----BEGIN CERTIFICATE-----\nAAAA\n-----END CERTIFICATE-----\n`);
    const { log, warnings } = recording();
    const trust = createTrust({ log, system: false, caFiles: [empty, damaged] });
    expect(trust.counts.files).toBe(0);
    expect(warnings).toEqual([
      `CaCertificateFile ignored: ${empty}: it is not a PEM certificate file`,
      `CaCertificateFile ignored: ${damaged}: it is not a PEM certificate file`,
    ]);
  });
});

describe('chainOf', () => {
  it('reads the chain leaf first and stops at a self-signed root', () => {
    const root = {
      subject: { CN: 'Example School Web Filter CA', O: 'Example School' },
      issuer: { CN: 'Example School Web Filter CA', O: 'Example School' },
      valid_to: 'Jan  1 00:00:00 2035 GMT',
      fingerprint256: 'AA:BB',
    } as unknown as DetailedPeerCertificate;
    root.issuerCertificate = root;
    const leaf = {
      subject: { CN: 'vc.example.org' },
      issuer: root.subject,
      valid_to: 'Jan  1 00:00:00 2027 GMT',
      fingerprint256: 'CC:DD',
      issuerCertificate: root,
    } as unknown as DetailedPeerCertificate;
    expect(chainOf(leaf)).toEqual([
      {
        subject: { commonName: 'vc.example.org' },
        issuer: { commonName: 'Example School Web Filter CA', organisation: 'Example School' },
        validTo: 'Jan  1 00:00:00 2027 GMT',
        fingerprint256: 'CC:DD',
      },
      {
        subject: { commonName: 'Example School Web Filter CA', organisation: 'Example School' },
        issuer: { commonName: 'Example School Web Filter CA', organisation: 'Example School' },
        validTo: 'Jan  1 00:00:00 2035 GMT',
        fingerprint256: 'AA:BB',
      },
    ]);
  });
});

describe('untrustedCertificateError', () => {
  const filter = { commonName: 'Example School Web Filter CA', organisation: 'Example School' };
  const leaf: PresentedCertificate = {
    subject: { commonName: 'vc.example.org' },
    issuer: filter,
    validTo: 'Jan  1 00:00:00 2027 GMT',
    fingerprint256: 'CC:DD',
  };
  const root: PresentedCertificate = { subject: filter, issuer: filter, validTo: 'x', fingerprint256: 'AA:BB' };
  const failure = new AppError('TLS', 'generic', { cause: 'SELF_SIGNED_CERT_IN_CHAIN' });

  it('names the authority and its organisation, and says what IT can do', () => {
    const error = untrustedCertificateError(failure, [leaf, root], { host: 'vc.example.org' });
    expect(error.code).toBe('TLS');
    expect(error.message).toBe(
      "The service's certificate was issued by 'Example School Web Filter CA' (Example School), which this computer does not trust. " +
        "If your school inspects web traffic, ask IT to deploy Example School Web Filter CA's certificate (or name it in the CaCertificateFile policy).",
    );
    expect(error.details).toEqual({
      cause: 'SELF_SIGNED_CERT_IN_CHAIN',
      host: 'vc.example.org',
      issuer: 'Example School Web Filter CA (Example School)',
      subject: 'vc.example.org',
      validTo: 'Jan  1 00:00:00 2027 GMT',
      fingerprint256: 'CC:DD',
      issuerFingerprint256: 'AA:BB',
    });
  });

  it('with only the leaf sent, names its issuer; an unnamed one is said so', () => {
    expect(untrustedCertificateError(failure, [leaf]).message).toContain("issued by 'Example School Web Filter CA'");
    const anonymous = { ...leaf, issuer: {} };
    expect(untrustedCertificateError(failure, [anonymous]).message).toContain('issued by an unnamed authority');
  });

  it('an empty chain leaves the failure as it was', () => {
    expect(untrustedCertificateError(failure, [])).toBe(failure);
  });
});
