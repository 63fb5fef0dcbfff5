import { createReadStream } from 'node:fs';
import { stat } from 'node:fs/promises';
import { Readable } from 'node:stream';
import parseRange from 'range-parser';
import type { MediaGrants } from './media-grants';

/** Where admitted files are served, on the page's own origin (app://bundle, or the harness's). */
export const mediaPathPrefix = '/media/';

/**
 * Serves an admitted file to the page's media worker with HTTP range requests, so mediabunny's
 * `UrlSource` reads only the parts it needs and a 4 GB lesson is never held whole. The same function
 * answers Electron's `protocol.handle` and the test harness's HTTP server (both speak fetch's
 * Request/Response). Returns null for a path outside `/media/`, so the caller serves its own files.
 */
export async function mediaResponse(grants: MediaGrants, request: Request): Promise<Response | null> {
  const { pathname } = new URL(request.url);
  if (!pathname.startsWith(mediaPathPrefix)) return null;
  if (request.method !== 'GET' && request.method !== 'HEAD') return new Response(null, { status: 405 });
  const path = grants.resolve(pathname.slice(mediaPathPrefix.length));
  if (!path) return new Response(null, { status: 404 });
  let size: number;
  try {
    size = (await stat(path)).size;
  } catch {
    return new Response(null, { status: 404 });
  }
  const headers = new Headers({
    'accept-ranges': 'bytes',
    'content-type': 'application/octet-stream',
    // Never cached: a revoked token must stop working, and the bytes are the user's lesson.
    'cache-control': 'no-store',
  });
  const rangeHeader = request.headers.get('range');
  let start = 0;
  let end = size - 1;
  let status = 200;
  if (rangeHeader) {
    const ranges = parseRange(size, rangeHeader, { combine: true });
    if (ranges === -1) {
      headers.set('content-range', `bytes */${size}`);
      return new Response(null, { status: 416, headers });
    }
    // A malformed header (-2) or several ranges: the whole file, as HTTP allows; mediabunny asks for one.
    if (ranges !== -2 && ranges.length === 1) {
      const [range] = ranges;
      start = range!.start;
      end = range!.end;
      status = 206;
      headers.set('content-range', `bytes ${start}-${end}/${size}`);
    }
  }
  headers.set('content-length', String(end - start + 1));
  if (request.method === 'HEAD' || size === 0) return new Response(null, { status, headers });
  const body = Readable.toWeb(createReadStream(path, { start, end })) as ReadableStream<Uint8Array>;
  return new Response(body, { status, headers });
}
