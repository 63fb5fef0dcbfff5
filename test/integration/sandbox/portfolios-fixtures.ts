import { request } from 'node:http';
import { createReadStream, statSync } from 'node:fs';
import type { SandboxContext } from '../../../sandbox/src/context.js';

/** Test set-up for the portfolio area: rows other areas' endpoints would create, written directly. */

export function createVideo(
  ctx: SandboxContext,
  ownerId: number,
  organisationId: number | null,
  options: { title?: string; duration?: number; mediaPath?: string } = {},
): number {
  return Number(
    ctx.db
      .prepare(
        `INSERT INTO videos (owner_id, organisation_id, title, duration_seconds, media_path, recorded_at, created_at)
         VALUES (?, ?, ?, ?, ?, ?, ?)`,
      )
      .run(
        ownerId,
        organisationId,
        options.title ?? 'Lesson video',
        options.duration ?? 120,
        options.mediaPath ?? null,
        '2024-03-01T09:00:00.000Z',
        ctx.now().toISOString(),
      ).lastInsertRowid,
  );
}

export function createTagset(
  ctx: SandboxContext,
  organisationId: number,
  authorId: number,
  tagNames: string[],
): { id: number; tagIds: number[] } {
  const id = Number(
    ctx.db
      .prepare('INSERT INTO tagsets (organisation_id, author_id, name, created_at) VALUES (?, ?, ?, ?)')
      .run(organisationId, authorId, `Tag set ${tagNames.join('/')}`, ctx.now().toISOString()).lastInsertRowid,
  );
  const tagIds = tagNames.map((name, ordinal) =>
    Number(
      ctx.db
        .prepare('INSERT INTO tags (tagset_id, name, colour, ordinal) VALUES (?, ?, ?, ?)')
        .run(id, name, '#22AA44', ordinal).lastInsertRowid,
    ),
  );
  return { id, tagIds };
}

const BOUNDARY = '----sandbox-test-boundary-7d1a';

/** A small multipart body held in memory (fine for test payloads of a few KiB). */
export function multipartBody(
  fieldName: string,
  fileName: string,
  contentType: string,
  content: Buffer,
): {
  body: Buffer;
  contentType: string;
} {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${fieldName}"; filename="${fileName}"\r\n` +
      `Content-Type: ${contentType}\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  return { body: Buffer.concat([head, content, tail]), contentType: `multipart/form-data; boundary=${BOUNDARY}` };
}

export async function upload(
  baseUrl: string,
  token: string,
  path: string,
  part: { field?: string; fileName?: string; contentType?: string; content: Buffer },
  method = 'PUT',
): Promise<{ status: number; body: any }> {
  const { body, contentType } = multipartBody(
    part.field ?? 'File',
    part.fileName ?? 'file.bin',
    part.contentType ?? 'application/octet-stream',
    part.content,
  );
  const response = await fetch(baseUrl + path, {
    method,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json', 'content-type': contentType },
    body,
  });
  const text = await response.text();
  return { status: response.status, body: text ? JSON.parse(text) : undefined };
}

/**
 * Streams a file from disk as a multipart body with node:http (no buffering on the client side, so
 * memory measured in this process reflects the server).
 */
export function streamUpload(
  baseUrl: string,
  token: string,
  path: string,
  filePath: string,
  fileName: string,
): Promise<{ status: number; body: any }> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="File"; filename="${fileName}"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  const tail = Buffer.from(`\r\n--${BOUNDARY}--\r\n`);
  const length = head.length + statSync(filePath).size + tail.length;
  return new Promise((resolve, reject) => {
    const req = request(
      baseUrl + path,
      {
        method: 'PUT',
        headers: {
          authorization: `Bearer ${token}`,
          accept: 'application/json',
          'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
          'content-length': length,
        },
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => chunks.push(c));
        res.on('end', () => {
          const text = Buffer.concat(chunks).toString('utf8');
          resolve({ status: res.statusCode ?? 0, body: text ? JSON.parse(text) : undefined });
        });
      },
    );
    req.on('error', reject);
    req.write(head);
    const source = createReadStream(filePath);
    source.on('error', reject);
    source.on('end', () => req.end(tail));
    source.pipe(req, { end: false });
  });
}

/** Sends the start of a multipart body, then drops the connection mid-file. */
export function abortedUpload(baseUrl: string, token: string, path: string): Promise<void> {
  const head = Buffer.from(
    `--${BOUNDARY}\r\nContent-Disposition: form-data; name="File"; filename="cut.bin"\r\n` +
      'Content-Type: application/octet-stream\r\n\r\n',
  );
  return new Promise((resolve) => {
    const req = request(baseUrl + path, {
      method: 'PUT',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
        'content-length': head.length + 10 * 1024 * 1024,
      },
    });
    req.on('error', () => resolve());
    req.on('close', () => resolve());
    req.write(head);
    req.write(Buffer.alloc(256 * 1024, 7), () => {
      // Give the server time to start writing the part to disk, then cut the connection.
      setTimeout(() => req.destroy(), 200);
    });
  });
}

export const PNG_BYTES = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);
