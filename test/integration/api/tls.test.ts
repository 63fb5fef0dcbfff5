import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createServiceHttp } from '../../../main/api/http';
import { fetchLoginMethods } from '../../../main/api/login-method';
import { createOAuthClient } from '../../../main/api/oauth';
import { createTrust, type Trust } from '../../../main/api/trust';
import { UploadSender } from '../../../main/services/uploads/upload-sender';
import { downloadToFile } from '../../../main/services/downloads/download-file';
import { mediaUrl } from '../../../sandbox/src/domain/media.js';
import { SANDBOX_CA_NAME } from '../../../sandbox/src/tls.js';
import type { RunningSandbox } from '../../support/sandbox.js';
import { CLIENT_ID, DEMO_PASSWORD, failure, recordingLogger, startDemoSandbox } from './support';

/**
 * The sandbox behind TLS with its own CA stands in for a school network whose firewall inspects TLS:
 * until the CA is trusted (here through the trust options the CaCertificateFile policy feeds), sign-in
 * fails with a message naming the authority; once trusted, sign-in, the API and uploads work.
 */

let running: RunningSandbox;
const { log, lines } = recordingLogger();
// The OS store is left out so the result does not depend on this machine.
const untrusted: Trust = createTrust({ log, system: false });
let trusted: Trust;
let folder: string;

beforeAll(async () => {
  running = await startDemoSandbox({ tls: true });
  trusted = createTrust({ log, system: false, caFiles: [running.caPath!] });
  folder = mkdtempSync(join(tmpdir(), 'tls-upload-'));
});
afterAll(async () => {
  await running.stop();
  rmSync(folder, { recursive: true, force: true });
});

const email = 'teacher@northbridge.example';

function expectNamesTheSandboxCa(error: unknown) {
  expect(error).toMatchObject({ code: 'TLS' });
  const { message, details } = error as { message: string; details: Record<string, unknown> };
  expect(message).toContain(`issued by '${SANDBOX_CA_NAME}'`);
  expect(message).toContain('CaCertificateFile');
  expect(details).toMatchObject({
    cause: 'UNABLE_TO_VERIFY_LEAF_SIGNATURE',
    issuer: expect.stringContaining(SANDBOX_CA_NAME),
    subject: 'localhost',
    fingerprint256: expect.stringMatching(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/),
  });
  expect(Date.parse(String(details.validTo))).toBeGreaterThan(Date.now());
}

describe('a service whose certificate comes from an authority this computer does not trust', () => {
  it('the sign-in method check fails with TLS, naming the authority', async () => {
    const http = createServiceHttp({ serviceUrl: running.url, log, trust: untrusted });
    try {
      expectNamesTheSandboxCa(await failure(() => fetchLoginMethods(http, email)));
    } finally {
      http.dispose();
    }
  });

  it('a password sign-in fails with TLS, naming the authority, and the password is in no log line', async () => {
    const oauth = createOAuthClient({ tokenUrl: `${running.url}/oauth2/token`, log, trust: untrusted });
    try {
      const error = await failure(() =>
        oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID }),
      );
      expectNamesTheSandboxCa(error);
      expect(JSON.stringify(error)).not.toContain(DEMO_PASSWORD);
      expect(lines.join('\n')).not.toContain(DEMO_PASSWORD);
    } finally {
      oauth.dispose();
    }
  });
});

describe('with the CA named through the trust options (as the CaCertificateFile policy does)', () => {
  it('signs in, reads the profile, uploads a file and downloads it again through the one HTTP layer', async () => {
    const http = createServiceHttp({ serviceUrl: running.url, log, trust: trusted });
    const oauth = createOAuthClient({ tokenUrl: `${running.url}/oauth2/token`, log, trust: trusted });
    try {
      expect((await fetchLoginMethods(http, email)).password).toBe(true);
      const tokens = await oauth.passwordGrant({ username: email, password: DEMO_PASSWORD, clientId: CLIENT_ID });
      const signedIn = createServiceHttp({
        serviceUrl: running.url,
        log,
        trust: trusted,
        session: { accessToken: async () => tokens.accessToken, refreshAfter401: async () => undefined },
      });
      const me = (await signedIn.get('/api/me')) as { id: number };

      const path = join(folder, 'notes.txt');
      writeFileSync(path, 'lesson notes\n');
      const sender = new UploadSender({ connection: () => signedIn });
      const outcome = await sender.send({
        target: { kind: 'generic', id: me.id },
        path,
        fileName: 'notes.txt',
        contentType: 'text/plain',
        size: 13,
        signal: new AbortController().signal,
        onProgress: () => undefined,
      });
      expect(outcome).toMatchObject({ kind: 'stored' });

      // And back down over the same HTTPS, trust and proxy decision: the bytes that went up.
      const stored = running.sandbox.ctx.db
        .prepare("SELECT path FROM files WHERE target_kind = 'generic' AND name = 'notes.txt' ORDER BY id DESC")
        .pluck()
        .get() as string;
      const url = mediaUrl(running.sandbox.ctx, stored)!;
      expect(url.startsWith('https://')).toBe(true);
      await downloadToFile({
        url,
        serviceUrl: signedIn.serviceUrl,
        target: join(folder, 'notes-again.txt'),
        replace: true,
        stream: (address, request) => signedIn.stream(address, request),
        signal: new AbortController().signal,
        markOfTheWeb: { platform: process.platform },
      });
      expect(readFileSync(join(folder, 'notes-again.txt'), 'utf8')).toBe('lesson notes\n');
      signedIn.dispose();
    } finally {
      http.dispose();
      oauth.dispose();
    }
  });
});
