import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { get } from 'node:https';
import type { TLSSocket } from 'node:tls';
import { sandboxTls, SANDBOX_CA_NAME } from '../../../sandbox/src/tls.js';
import { startSandbox, type RunningSandbox } from '../../support/sandbox.js';

let s: RunningSandbox;

beforeAll(async () => {
  s = await startSandbox({ tls: true });
});
afterAll(async () => {
  await s.stop();
});

/** One GET with Node's own verification against `ca` only (not the bundled roots). */
function fetchWith(url: string, ca: string[] | undefined) {
  return new Promise<{ status: number; authorized: boolean; issuer: string }>((resolve, reject) => {
    const request = get(url, { ...(ca ? { ca } : {}), agent: false }, (response) => {
      const socket = response.socket as TLSSocket;
      const issuer = String(socket.getPeerCertificate().issuer.CN ?? '');
      response.resume();
      response.on('end', () => resolve({ status: response.statusCode ?? 0, authorized: socket.authorized, issuer }));
    });
    request.on('error', reject);
  });
}

describe('the sandbox with --tls', () => {
  it('answers over HTTPS with a chain that verifies against its own CA, written to <data>/tls/ca.pem', async () => {
    expect(s.url).toMatch(/^https:\/\/127\.0\.0\.1:\d+$/);
    expect(s.caPath).toBe(`${s.dataDir}/tls/ca.pem`);
    expect(readFileSync(s.caPath!, 'utf8')).toBe(s.caPem);
    const answer = await fetchWith(`${s.url}/sandbox/health`, [s.caPem!]);
    expect(answer).toMatchObject({ status: 200, authorized: true, issuer: SANDBOX_CA_NAME });
    // localhost is in the certificate too.
    const local = await fetchWith(`${s.url.replace('127.0.0.1', 'localhost')}/sandbox/health`, [s.caPem!]);
    expect(local.authorized).toBe(true);
  });

  it('is not trusted by Node’s bundled roots', async () => {
    await expect(fetchWith(`${s.url}/sandbox/health`, undefined)).rejects.toMatchObject({
      code: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    });
  });

  it('reuses the CA and certificate it made in the data folder', () => {
    const again = sandboxTls(s.dataDir);
    expect(again.caPem).toBe(s.caPem);
  });
});
