import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createMediaGrants } from '../../../main/services/media/media-grants';
import { mediaResponse } from '../../../main/services/media/media-stream';

/** The page's worker reads a lesson in pieces through `/media/<token>`, never the whole file. */
const folder = mkdtempSync(join(tmpdir(), 'vc-media-stream-'));
const file = join(folder, 'lesson.mp4');
const bytes = Buffer.from(Array.from({ length: 1000 }, (_, i) => i % 251));
writeFileSync(file, bytes);
const grants = createMediaGrants();
const token = grants.grant(file);
const ask = (path: string, headers: Record<string, string> = {}, method = 'GET') =>
  mediaResponse(grants, new Request(`http://127.0.0.1:1234${path}`, { headers, method }));

describe('mediaResponse', () => {
  it('serves the asked-for byte range of an admitted file', async () => {
    const response = await ask(`/media/${token}`, { range: 'bytes=100-199' });
    expect(response?.status).toBe(206);
    expect(response?.headers.get('content-range')).toBe('bytes 100-199/1000');
    expect(Buffer.from(await response!.arrayBuffer())).toEqual(bytes.subarray(100, 200));
  });

  it('serves an open-ended range to the end, and the whole file without a range', async () => {
    const tail = await ask(`/media/${token}`, { range: 'bytes=900-' });
    expect(Buffer.from(await tail!.arrayBuffer())).toEqual(bytes.subarray(900));
    const whole = await ask(`/media/${token}`);
    expect(whole?.status).toBe(200);
    expect(whole?.headers.get('accept-ranges')).toBe('bytes');
    expect((await whole!.arrayBuffer()).byteLength).toBe(1000);
  });

  it('answers a HEAD with the size only', async () => {
    const head = await ask(`/media/${token}`, {}, 'HEAD');
    expect(head?.headers.get('content-length')).toBe('1000');
  });

  it('refuses a range past the end', async () => {
    const response = await ask(`/media/${token}`, { range: 'bytes=5000-6000' });
    expect(response?.status).toBe(416);
    expect(response?.headers.get('content-range')).toBe('bytes */1000');
  });

  it('opens nothing for an unknown token or a path trick, and leaves other paths to the caller', async () => {
    expect((await ask('/media/not-a-token'))?.status).toBe(404);
    expect((await ask(`/media/..%2F${token}`))?.status).toBe(404);
    expect((await ask(`/media/${token}`, {}, 'POST'))?.status).toBe(405);
    expect(await ask('/index.html')).toBeNull();
  });
});
