import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PassThrough, Readable } from 'node:stream';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { StreamedAnswer } from '../../../../../main/api/http';
import { AppError } from '../../../../../main/services/app-error';
import { downloadToFile, type DownloadRequest } from '../../../../../main/services/downloads/download-file';

/**
 * The bytes-to-disk part on a real temporary folder. The HTTP answer is a plain stream here; the
 * integration tests send the same through the real HTTP layer to the sandbox.
 */

const service = 'https://vc.example.org';
let folder: string;

beforeEach(() => {
  folder = mkdtempSync(join(tmpdir(), 'vc-download-'));
});
afterEach(() => {
  rmSync(folder, { recursive: true, force: true });
});

const answer = (body: Readable, headers: Record<string, string> = {}, status = 200): StreamedAnswer => ({
  kind: 'answered',
  status,
  headers,
  body,
});

function request(overrides: Partial<DownloadRequest> & Pick<DownloadRequest, 'stream'>): DownloadRequest {
  return {
    url: `${service}/media/plan.pdf`,
    serviceUrl: service,
    target: join(folder, 'plan.pdf'),
    replace: true,
    signal: new AbortController().signal,
    markOfTheWeb: { platform: 'linux' },
    ...overrides,
  };
}

describe('downloading a file to disk', () => {
  it('writes every byte under the final name, with progress, and leaves no temporary file', async () => {
    const bytes = Buffer.alloc(300_000, 7);
    const progress: number[] = [];
    const result = await downloadToFile(
      request({
        stream: async () =>
          answer(Readable.from([bytes.subarray(0, 100_000), bytes.subarray(100_000)]), {
            'content-length': String(bytes.length),
          }),
        onProgress: (received, total) => {
          progress.push(received);
          expect(total).toBe(bytes.length);
        },
      }),
    );
    expect(result.bytes).toBe(bytes.length);
    expect(readFileSync(join(folder, 'plan.pdf')).equals(bytes)).toBe(true);
    expect(progress.at(-1)).toBe(bytes.length);
    expect(readdirSync(folder)).toEqual(['plan.pdf']);
  });

  it('keeps the good file and removes the temporary one when the connection breaks mid-file', async () => {
    writeFileSync(join(folder, 'plan.pdf'), 'the good copy');
    const body = new PassThrough();
    const pending = downloadToFile(request({ stream: async () => answer(body, { 'content-length': '1000' }) }));
    body.write(Buffer.alloc(400, 1));
    setImmediate(() => body.destroy(Object.assign(new Error('socket hang up'), { code: 'ECONNRESET' })));
    await expect(pending).rejects.toMatchObject({ code: 'UNREACHABLE' });
    expect(readFileSync(join(folder, 'plan.pdf'), 'utf8')).toBe('the good copy');
    expect(readdirSync(folder)).toEqual(['plan.pdf']);
  });

  it('refuses a body shorter than the service said, keeping the good file', async () => {
    writeFileSync(join(folder, 'plan.pdf'), 'the good copy');
    await expect(
      downloadToFile(
        request({ stream: async () => answer(Readable.from([Buffer.alloc(10)]), { 'content-length': '20' }) }),
      ),
    ).rejects.toMatchObject({ code: 'UNREACHABLE' });
    expect(readFileSync(join(folder, 'plan.pdf'), 'utf8')).toBe('the good copy');
    expect(readdirSync(folder)).toEqual(['plan.pdf']);
  });

  it('says a name too long for the disk is a file problem, not a broken connection to try again', async () => {
    const failing = downloadToFile(
      request({
        // 104 CJK characters are 312 bytes: more than the 255 a name may have on ext4 or APFS.
        target: join(folder, `${'教'.repeat(104)}.pdf`),
        stream: async () => answer(Readable.from([Buffer.from('pdf')]), { 'content-length': '3' }),
      }),
    );
    await expect(failing).rejects.toMatchObject({
      code: 'FILE_PROBLEM',
      message: expect.stringMatching(/too long/),
      details: { fileProblem: 'name-too-long', cause: 'ENAMETOOLONG' },
    });
    await expect(failing).rejects.not.toMatchObject({ details: { incomplete: true } });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('says so when the folder to save in has gone, and a broken connection stays a broken connection', async () => {
    await expect(
      downloadToFile(
        request({
          target: join(folder, 'gone', 'plan.pdf'),
          stream: async () => answer(Readable.from([Buffer.from('pdf')])),
        }),
      ),
    ).rejects.toMatchObject({ code: 'FILE_PROBLEM', details: { fileProblem: 'folder-missing' } });

    const body = new PassThrough();
    const broken = downloadToFile(request({ stream: async () => answer(body) }));
    body.write(Buffer.alloc(10));
    setImmediate(() =>
      body.destroy(Object.assign(new Error('read ECONNRESET'), { code: 'ECONNRESET', syscall: 'read' })),
    );
    await expect(broken).rejects.toMatchObject({ code: 'UNREACHABLE', details: { incomplete: true } });
  });

  it('removes the temporary file when cancelled', async () => {
    const controller = new AbortController();
    const body = new PassThrough();
    const pending = downloadToFile(
      request({
        signal: controller.signal,
        stream: async () => answer(body),
        onProgress: () => controller.abort(),
      }),
    );
    body.write(Buffer.alloc(100));
    await expect(pending).rejects.toThrow();
    expect(readdirSync(folder)).toEqual([]);
  });

  it('gives up on a stalled answer and cleans up', async () => {
    const body = new PassThrough();
    const pending = downloadToFile(request({ stream: async () => answer(body), stallTimeoutMs: 50 }));
    body.write(Buffer.alloc(10));
    await expect(pending).rejects.toThrow(/no data arrived/);
    expect(readdirSync(folder)).toEqual([]);
  });

  it('follows a redirect to https elsewhere, but refuses one to plain http elsewhere', async () => {
    const asked: string[] = [];
    await downloadToFile(
      request({
        stream: async (url) => {
          asked.push(url);
          return url.startsWith(service)
            ? answer(Readable.from([]), { location: 'https://cdn.example.net/plan.pdf' }, 302)
            : answer(Readable.from([Buffer.from('pdf')]));
        },
      }),
    );
    expect(asked).toEqual([`${service}/media/plan.pdf`, 'https://cdn.example.net/plan.pdf']);
    expect(readFileSync(join(folder, 'plan.pdf'), 'utf8')).toBe('pdf');

    const refused = downloadToFile(
      request({
        target: join(folder, 'other.pdf'),
        stream: async () => answer(Readable.from([]), { location: 'http://cdn.example.net/plan.pdf' }, 302),
      }),
    );
    await expect(refused).rejects.toMatchObject({ code: 'INSECURE_URL' });
  });

  it('never asks for plain http on another server', async () => {
    const asked: string[] = [];
    await expect(
      downloadToFile(
        request({
          url: 'http://files.example.net/plan.pdf',
          stream: async (url) => {
            asked.push(url);
            return answer(Readable.from([]));
          },
        }),
      ),
    ).rejects.toBeInstanceOf(AppError);
    expect(asked).toEqual([]);
  });

  it('turns an error answer into the service’s error', async () => {
    await expect(
      downloadToFile(
        request({
          stream: async () =>
            answer(
              Readable.from([JSON.stringify({ title: 'Media not found' })]),
              { 'content-type': 'application/problem+json' },
              404,
            ),
        }),
      ),
    ).rejects.toMatchObject({ code: 'NOT_FOUND' });
    expect(readdirSync(folder)).toEqual([]);
  });

  it('marks the saved file on Windows only', async () => {
    const writes: string[] = [];
    await downloadToFile(
      request({
        stream: async () => answer(Readable.from([Buffer.from('x')])),
        markOfTheWeb: {
          platform: 'win32',
          writeFile: async (path, data) => {
            writes.push(`${path}|${data}`);
          },
        },
      }),
    );
    expect(writes).toEqual([
      `${join(folder, 'plan.pdf')}:Zone.Identifier|[ZoneTransfer]\r\nZoneId=3\r\nReferrerUrl=${service}/\r\nHostUrl=${service}/media/plan.pdf\r\n`,
    ]);
  });
});
