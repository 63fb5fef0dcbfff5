import { describe, expect, it } from 'vitest';
import type { PresentedCertificate } from '../../../../../main/api/errors';
import { judgeHandshake, noteRefusedCaFiles } from '../../../../../main/services/network-doctor/tls-judgement';
import { say } from './say';

const cert = (subject: string, issuer: string, organisation?: string): PresentedCertificate => ({
  subject: { commonName: subject },
  issuer: { commonName: issuer, ...(organisation ? { organisation } : {}) },
  validTo: 'Jan  1 00:00:00 2030 GMT',
  fingerprint256: 'AA:BB',
});

const publicChain = [cert('video.example.org', 'R11', "Let's Encrypt"), cert('R11', 'ISRG Root X1')];
const filterChain = [cert('video.example.org', 'Example School Web Filter CA')];

describe('the TLS step', () => {
  it('is green for a chain that ends at a public authority, naming it', () => {
    const result = judgeHandshake({ authorized: true, chain: publicChain, publicRoot: true, protocol: 'TLSv1.3' });
    expect(result.status).toBe('ok');
    expect(say(result.summary)).toBe('The certificate comes from ISRG Root X1, a public authority.');
    expect(result.details).toMatchObject({ issuer: 'ISRG Root X1', subject: 'video.example.org', protocol: 'TLSv1.3' });
  });

  it('is amber when a private root that this computer trusts signed it: inspection, trusted here', () => {
    const result = judgeHandshake({ authorized: true, chain: filterChain, publicRoot: false });
    expect(result.status).toBe('warn');
    expect(say(result.summary)).toBe(
      'Your network inspects encrypted traffic with Example School Web Filter CA; it is trusted here.',
    );
    expect(result.details.publicAuthority).toBe(false);
  });

  it('is red when nothing here trusts the chain, naming the issuer and what IT can do', () => {
    const result = judgeHandshake({
      authorized: false,
      authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
      chain: filterChain,
      publicRoot: false,
    });
    expect(result.status).toBe('fail');
    expect(say(result.summary)).toContain('issued by Example School Web Filter CA, not a public authority');
    expect(say(result.advice)).toContain('deploy the certificate of Example School Web Filter CA');
    expect(say(result.advice)).toContain('CaCertificateFile');
    expect(say(result.advice, 'nb-NO')).toContain('CaCertificateFile');
    expect(result.details).toMatchObject({ verifyError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE', fingerprint256: 'AA:BB' });
  });

  it('is red with the reason for a certificate that is wrong in itself (expired)', () => {
    const result = judgeHandshake({
      authorized: false,
      authorizationError: 'CERT_HAS_EXPIRED',
      chain: publicChain,
      publicRoot: true,
    });
    expect(result.status).toBe('fail');
    expect(say(result.summary)).toBe('The service’s certificate is not valid (CERT_HAS_EXPIRED).');
    expect(say(result.advice)).toContain('date and time');
  });

  it('names an authority by its organisation too', () => {
    const result = judgeHandshake({
      authorized: true,
      chain: [cert('video.example.org', 'Filter CA', 'Example School')],
      publicRoot: false,
    });
    expect(say(result.summary)).toContain('Filter CA (Example School)');
  });
});

describe('the TLS step when the CaCertificateFile was refused (issue 28, item 12)', () => {
  const untrusted = judgeHandshake({
    authorized: false,
    authorizationError: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    chain: filterChain,
    publicRoot: false,
  });
  const writable = { path: '/srv/school/filter-ca.pem', reason: 'writable', where: '/srv/school' } as const;

  it('says the file was not used, and why, where that is why the chain is not trusted', () => {
    const result = noteRefusedCaFiles(untrusted, [writable]);
    expect(result.status).toBe('fail');
    expect(say(result.summary)).toContain('Example School Web Filter CA');
    expect(say(result.advice)).toBe(
      'The CaCertificateFile policy names /srv/school/filter-ca.pem, but the app does not use it: /srv/school can be changed by users who are not administrators. Ask IT to make it writable by administrators only.',
    );
    expect(say(result.advice, 'nb-NO')).toContain('/srv/school kan endres av brukere som ikke er administratorer');
    expect(result.details.refusedCaFiles).toEqual(['/srv/school/filter-ca.pem']);
  });

  it('turns a green step amber: the connection works, but IT’s file is being ignored', () => {
    const green = judgeHandshake({ authorized: true, chain: publicChain, publicRoot: true });
    const result = noteRefusedCaFiles(green, [{ ...writable, reason: 'owner', where: writable.path }]);
    expect(result.status).toBe('warn');
    expect(say(result.advice)).toContain('/srv/school/filter-ca.pem is not owned by an administrator');
  });

  it('keeps the advice of a certificate wrong in itself, and leaves a step without refused files as it was', () => {
    const expired = judgeHandshake({
      authorized: false,
      authorizationError: 'CERT_HAS_EXPIRED',
      chain: publicChain,
      publicRoot: true,
    });
    const result = noteRefusedCaFiles(expired, [writable]);
    expect(result.advice).toEqual(expired.advice);
    expect(result.details.refusedCaFiles).toEqual(['/srv/school/filter-ca.pem']);
    expect(noteRefusedCaFiles(untrusted, [])).toBe(untrusted);
  });
});
