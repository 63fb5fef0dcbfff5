import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import { tmpdir } from 'node:os';
import { join, normalize } from 'node:path';

/**
 * An update feed as the generic provider reads it (electron-builder's `latest-linux.yml` beside the
 * installer), served from a temporary folder on 127.0.0.1, with a small made-up AppImage.
 */
export interface LocalFeed {
  /** The feed's base address, ending in `/`. */
  url: string;
  /** Publishes `version`; `announcedSha512` lets a test announce the checksum of other bytes. */
  publish(version: string, options?: { announcedSha512?: string }): { file: string; bytes: Buffer };
  /** Paths asked for, in order. */
  requests: string[];
  close(): Promise<void>;
}

export const sha512Of = (bytes: Buffer): string => createHash('sha512').update(bytes).digest('base64');

export async function startLocalFeed(): Promise<LocalFeed> {
  const folder = mkdtempSync(join(tmpdir(), 'vc-update-feed-'));
  const requests: string[] = [];
  const server: Server = createServer((request, response) => {
    const path = decodeURIComponent(new URL(request.url ?? '/', 'http://feed').pathname);
    requests.push(path);
    const file = normalize(join(folder, path));
    try {
      if (!file.startsWith(folder)) throw new Error('outside the feed');
      const body = readFileSync(file);
      response.writeHead(200, { 'Content-Length': body.length });
      response.end(body);
    } catch {
      response.writeHead(404);
      response.end();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as { port: number };

  return {
    url: `http://127.0.0.1:${port}/`,
    requests,
    publish(version, options = {}) {
      const file = `VideoCollab-Desktop-${version}-x86_64.AppImage`;
      const bytes = randomBytes(256 * 1024);
      writeFileSync(join(folder, file), bytes);
      const sha512 = options.announcedSha512 ?? sha512Of(bytes);
      writeFileSync(
        join(folder, 'latest-linux.yml'),
        [
          `version: ${version}`,
          'files:',
          `  - url: ${file}`,
          `    sha512: ${sha512}`,
          `    size: ${bytes.length}`,
          `path: ${file}`,
          `sha512: ${sha512}`,
          "releaseDate: '2026-03-02T10:00:00.000Z'",
          '',
        ].join('\n'),
      );
      return { file, bytes };
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
