import { X509Certificate } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { rootCertificates } from 'node:tls';
import { describe, expect, it } from 'vitest';
import { leadsToPublicRoot } from '../../../../../main/services/network-doctor/public-roots';
import { sandboxTls } from '../../../../../sandbox/src/tls.js';

const raw = (pem: string) => new X509Certificate(pem).raw;

describe('whether a chain leads to a public authority', () => {
  it('is true for a chain that reaches one of Node’s bundled roots', () => {
    expect(leadsToPublicRoot([raw(rootCertificates[0]!)])).toBe(true);
  });

  it('is false for a private CA (the sandbox’s, like a school filter’s) and for no chain', () => {
    const folder = mkdtempSync(join(tmpdir(), 'public-roots-'));
    try {
      const { cert, caPem } = sandboxTls(folder);
      expect(leadsToPublicRoot([raw(cert), raw(caPem)])).toBe(false);
      expect(leadsToPublicRoot([])).toBe(false);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
