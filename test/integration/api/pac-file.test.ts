import { createServer, type Server } from 'node:http';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchPacText, PacTooLarge } from '../../../main/api/proxy/pac-fetch';
import { createProxyResolver } from '../../../main/api/proxy/resolve';
import { recordingLogger } from './support';

/**
 * Reading the PAC file the ProxyPacUrl policy names, from a real HTTP server and a real file: a file
 * that never ends (or is huge) is cut off at 1 MiB as it streams in, not read whole first.
 */

const MiB = 1024 * 1024;
let server: Server;
let base: string;
let folder: string;
/** Bytes the endless answer had written when the app closed the connection. */
let endlessSent = 0;
let endlessClosed: Promise<void>;

beforeAll(async () => {
  folder = mkdtempSync(join(tmpdir(), 'pac-file-'));
  let closed: () => void = () => undefined;
  endlessClosed = new Promise((resolve) => (closed = resolve));
  server = createServer((request, response) => {
    if (request.url === '/endless.pac') {
      // No length, and no end: only the reader's cap stops it.
      response.writeHead(200, { 'Content-Type': 'application/x-ns-proxy-autoconfig' });
      const chunk = Buffer.alloc(64 * 1024, '/* padding */ ');
      const write = () => {
        while (!response.destroyed && response.write(chunk)) endlessSent += chunk.length;
        if (!response.destroyed) response.once('drain', write);
      };
      response.on('close', () => closed());
      write();
      return;
    }
    if (request.url === '/wpad.dat') {
      response.writeHead(200).end('function FindProxyForURL() { return "DIRECT"; }');
      return;
    }
    response.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  server.closeAllConnections();
  await new Promise((resolve) => server.close(resolve));
  rmSync(folder, { recursive: true, force: true });
});

describe('reading a PAC file', () => {
  it('stops an answer that never ends at 1 MiB and closes the connection', async () => {
    const started = performance.now();
    const error = await fetchPacText(`${base}/endless.pac`).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(PacTooLarge);
    expect((error as Error).message).toBe('the PAC file is larger than 1024 KiB; reading stopped there');
    // Today's reader waits for the end, i.e. for its 10 s timeout.
    expect(performance.now() - started).toBeLessThan(8_000);
    await endlessClosed;
    // What the server got out before the close: the cap, plus what sat in the socket buffers.
    expect(endlessSent).toBeLessThan(16 * MiB);
  });

  it('refuses a file over 1 MiB, and reads one under it', async () => {
    const big = join(folder, 'big.pac');
    writeFileSync(big, `${'/* x */'.repeat((MiB + 8) / 7)}\nfunction FindProxyForURL() { return "DIRECT"; }`);
    await expect(fetchPacText(pathToFileURL(big).href)).rejects.toBeInstanceOf(PacTooLarge);

    const small = join(folder, 'small.pac');
    writeFileSync(small, 'function FindProxyForURL() { return "DIRECT"; } // ø');
    expect(await fetchPacText(pathToFileURL(small).href)).toEqual({
      text: 'function FindProxyForURL() { return "DIRECT"; } // ø',
      fetchedFrom: pathToFileURL(small).href,
    });
  });

  it('goes on without a PAC file that was cut off, and the decision says why', async () => {
    const { log, lines } = recordingLogger();
    const resolver = createProxyResolver({ policy: { pacUrl: `${base}/endless.pac` }, env: {}, log });
    expect(await resolver.decide('https://video.school.example/')).toMatchObject({
      source: 'none',
      route: { kind: 'direct' },
      pac: { problem: 'failed', fallback: 'next-source' },
    });
    expect(lines.join('\n')).toContain('the PAC file is larger than 1024 KiB');
  });

  it('uses a PAC file served over plain http, and warns that anyone on the way could change it', async () => {
    const { log, lines } = recordingLogger();
    const resolver = createProxyResolver({ policy: { pacUrl: `${base}/wpad.dat` }, env: {}, log });
    expect(await resolver.decide('https://video.school.example/')).toMatchObject({
      source: 'policy-pac',
      route: { kind: 'direct' },
      pac: { address: `${base}/wpad.dat`, insecure: true },
    });
    expect(lines.join('\n')).toContain('the PAC file named by policy came over plain http');
  });
});
