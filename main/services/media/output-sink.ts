import { randomBytes } from 'node:crypto';
import { open, type FileHandle } from 'node:fs/promises';

/** Where the page's worker writes a prepared file, piece by piece: `PUT /media/out/<token>?at=<offset>`. */
export const outputPathPrefix = '/media/out/';

/** Bigger pieces than the worker sends (4 MiB) are refused: the body is held in memory while written. */
const maxPieceBytes = 16 * 1024 * 1024;

/**
 * Files main opened for a preparation's output, each under a random token. The worker writes at the
 * offsets mediabunny asks for (it goes back to fill in the MP4's index at the start, for fast start);
 * main owns the file and its path, the page only ever knows the token.
 */
export class OutputSink {
  private readonly open = new Map<string, { handle: FileHandle; written: number }>();

  /** Creates (or empties) the file at `path` and returns the token the worker writes to. */
  async admit(path: string): Promise<string> {
    const handle = await open(path, 'w');
    const token = randomBytes(32).toString('base64url');
    this.open.set(token, { handle, written: 0 });
    return token;
  }

  /** Bytes written so far (the prepared file's size once the worker is done). */
  written(token: string): number {
    return this.open.get(token)?.written ?? 0;
  }

  /** Stops accepting writes and closes the file; safe to call twice. */
  async close(token: string): Promise<void> {
    const entry = this.open.get(token);
    this.open.delete(token);
    await entry?.handle.close();
  }

  async respond(request: Request): Promise<Response | null> {
    const url = new URL(request.url);
    if (!url.pathname.startsWith(outputPathPrefix)) return null;
    const entry = this.open.get(url.pathname.slice(outputPathPrefix.length));
    if (!entry) return new Response(null, { status: 404 });
    if (request.method !== 'PUT') return new Response(null, { status: 405 });
    const at = Number(url.searchParams.get('at'));
    if (!Number.isSafeInteger(at) || at < 0) return new Response(null, { status: 400 });
    const length = Number(request.headers.get('content-length'));
    if (length > maxPieceBytes) return new Response(null, { status: 413 });
    const piece = new Uint8Array(await request.arrayBuffer());
    if (piece.byteLength > maxPieceBytes) return new Response(null, { status: 413 });
    try {
      await entry.handle.write(piece, 0, piece.byteLength, at);
    } catch (error) {
      // A full disk is the user's to fix and says so; anything else is a write that failed.
      const code = (error as NodeJS.ErrnoException).code;
      return new Response(code === 'ENOSPC' ? 'disk-full' : 'write-failed', { status: 507 });
    }
    entry.written = Math.max(entry.written, at + piece.byteLength);
    return new Response(null, { status: 204 });
  }
}
