import type { FastifyRequest } from 'fastify';
import { randomUUID } from 'node:crypto';
import { createWriteStream, mkdirSync, rmSync } from 'node:fs';
import { open, rename, rm, stat } from 'node:fs/promises';
import { basename, dirname, join, relative } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { ApiError, badRequest, payloadTooLarge } from '../http/errors.js';
import type { FileRow } from './portfolios-views.js';

/**
 * Multipart uploads: the part named `File` is streamed to a temporary file (never held in memory),
 * then moved into place and recorded in `files`. Whatever goes wrong on the way (too large, client
 * gone, wrong type, a failing insert) removes the temporary file, so nothing half-written remains.
 */

export interface ReceivedFile {
  tempPath: string;
  fileName: string;
  declaredType: string;
  size: number;
}

export async function receiveFilePart(req: FastifyRequest, ctx: SandboxContext): Promise<ReceivedFile> {
  if (!req.isMultipart()) {
    throw new ApiError(415, 'Send the upload as multipart/form-data with a part named File.');
  }
  const incoming = join(ctx.config.filesDir, '.incoming');
  mkdirSync(incoming, { recursive: true });
  let received: ReceivedFile | undefined;
  try {
    for await (const part of req.parts()) {
      if (part.type !== 'file') continue;
      if (received || part.fieldname.toLowerCase() !== 'file') {
        part.file.resume(); // not ours: let it flow past
        continue;
      }
      received = {
        tempPath: join(incoming, `${randomUUID()}.part`),
        fileName: cleanFileName(part.filename),
        declaredType: part.mimetype || 'application/octet-stream',
        size: 0,
      };
      // Busboy only marks an oversized part truncated and waits for its end, which never comes when
      // the client then goes away; failing the stream at once answers 413 and frees the temp file.
      const file = part.file;
      file.once('limit', () => file.destroy(payloadTooLarge(ctx.config.maxUploadBytes)));
      const onClientGone = () => {
        if (!req.raw.complete) file.destroy(new Error('The client closed the connection during the upload.'));
      };
      req.raw.once('close', onClientGone);
      try {
        await pipeline(file, createWriteStream(received.tempPath));
      } finally {
        req.raw.off('close', onClientGone);
      }
      if (file.truncated) throw payloadTooLarge(ctx.config.maxUploadBytes);
      received.size = (await stat(received.tempPath)).size;
    }
  } catch (error) {
    if (received) await rm(received.tempPath, { force: true });
    if ((error as { code?: string }).code === 'FST_REQ_FILE_TOO_LARGE')
      throw payloadTooLarge(ctx.config.maxUploadBytes);
    throw error;
  }
  if (!received) throw badRequest('File', 'No file was sent: add a form part named File.');
  return received;
}

/** Keeps the display name readable but safe as a single path segment. */
function cleanFileName(raw: string | undefined): string {
  const name = basename((raw ?? '').replace(/\\/g, '/')).trim();
  return name === '' ? 'upload' : name.slice(0, 200);
}

const diskSafe = (name: string): string => name.replace(/[^\w.-]+/g, '_').slice(-100);

/** Image formats accepted for pictures, covers and profiles, recognised by their first bytes. */
export async function sniffImageType(path: string): Promise<string | null> {
  const handle = await open(path, 'r');
  try {
    const head = Buffer.alloc(12);
    const { bytesRead } = await handle.read(head, 0, 12, 0);
    const bytes = head.subarray(0, bytesRead);
    if (bytes.subarray(0, 8).equals(Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]))) return 'image/png';
    if (bytes.length >= 3 && bytes[0] === 0xff && bytes[1] === 0xd8 && bytes[2] === 0xff) return 'image/jpeg';
    if (bytes.subarray(0, 4).toString('latin1') === 'GIF8') return 'image/gif';
    if (bytes.subarray(0, 4).toString('latin1') === 'RIFF' && bytes.subarray(8, 12).toString('latin1') === 'WEBP') {
      return 'image/webp';
    }
    return null;
  } finally {
    await handle.close();
  }
}

/** 415 (and the temporary file removed) unless the upload is a PNG, JPEG, GIF or WebP image. */
export async function requireImage(received: ReceivedFile): Promise<string> {
  const type = await sniffImageType(received.tempPath);
  if (!type) {
    await rm(received.tempPath, { force: true });
    throw new ApiError(415, 'The file is not an image: send a PNG, JPEG, GIF or WebP file.', {
      File: ['The file is not a PNG, JPEG, GIF or WebP image.'],
    });
  }
  return type;
}

export interface StoreTarget {
  targetKind: 'generic' | 'community' | 'portfolio' | 'user_image' | 'community_cover' | 'community_profile';
  targetId: number;
  uploaderId: number;
  contentType: string;
  /** Runs in the same transaction as the files insert (e.g. pointing a user at their new picture). */
  alsoInTransaction?: (file: FileRow) => void;
}

/** Moves a received file to files/<kind>/<target>/ and records it; returns the new row. */
export async function storeReceivedFile(
  ctx: SandboxContext,
  received: ReceivedFile,
  target: StoreTarget,
): Promise<FileRow> {
  const finalPath = join(
    ctx.config.filesDir,
    target.targetKind,
    String(target.targetId),
    `${randomUUID()}-${diskSafe(received.fileName)}`,
  );
  mkdirSync(dirname(finalPath), { recursive: true });
  try {
    await rename(received.tempPath, finalPath);
    const relativePath = relative(ctx.config.dataDir, finalPath).split('\\').join('/');
    return inTransaction(ctx.db, () => {
      const id = Number(
        ctx.db
          .prepare(
            `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
             VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
          )
          .run(
            target.uploaderId,
            target.targetKind,
            target.targetId,
            received.fileName,
            received.size,
            target.contentType,
            relativePath,
            ctx.now().toISOString(),
          ).lastInsertRowid,
      );
      const row = ctx.db.prepare('SELECT * FROM files WHERE id = ?').get(id) as FileRow;
      target.alsoInTransaction?.(row);
      return row;
    });
  } catch (error) {
    await rm(received.tempPath, { force: true });
    await rm(finalPath, { force: true });
    throw error;
  }
}

/** Removes stored files (paths relative to the data folder) once their rows are gone. */
export function deleteStoredFiles(ctx: SandboxContext, relativePaths: readonly string[]): void {
  for (const path of relativePaths) {
    const absolute = join(ctx.config.dataDir, path);
    // Only ever delete inside the files folder, whatever a row says.
    if (!relative(ctx.config.filesDir, absolute).startsWith('..')) rmSync(absolute, { force: true });
  }
}
