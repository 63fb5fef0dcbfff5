import { createReadStream, statSync } from 'node:fs';
import { extname, resolve, sep } from 'node:path';
import type { FastifyInstance } from 'fastify';
import type { SandboxContext } from '../context.js';
import { notFound } from '../http/errors.js';

const contentTypes: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.svg': 'image/svg+xml',
  '.webm': 'video/webm',
  '.mp4': 'video/mp4',
  '.mov': 'video/quicktime',
  '.pdf': 'application/pdf',
  '.txt': 'text/plain; charset=utf-8',
};

/**
 * GET /media/<path>: files from the data folder, without a token, so an <img> or <video> element can load
 * them (the sandbox listens on 127.0.0.1 only). Byte ranges are honoured so video can seek. The database
 * file and anything outside the data folder are never served.
 */
export function registerMedia(app: FastifyInstance, ctx: SandboxContext): void {
  const root = resolve(ctx.config.dataDir);
  app.get('/media/*', async (req, reply) => {
    const wildcard = (req.params as { '*': string })['*'];
    const target = resolve(root, decodeURIComponent(wildcard));
    const inside = target.startsWith(root + sep);
    const isDatabase = /sandbox\.db(-wal|-shm)?$/.test(target);
    let size: number;
    try {
      const stat = statSync(target);
      if (!inside || isDatabase || !stat.isFile()) throw new Error('not servable');
      size = stat.size;
    } catch {
      throw notFound('Media', wildcard);
    }
    reply.header('Accept-Ranges', 'bytes');
    reply.header('Cache-Control', 'private, max-age=3600');
    reply.type(contentTypes[extname(target).toLowerCase()] ?? 'application/octet-stream');
    const range = /^bytes=(\d*)-(\d*)$/.exec(req.headers.range ?? '');
    if (range && (range[1] || range[2])) {
      const start = range[1] ? Number(range[1]) : Math.max(0, size - Number(range[2]));
      const end = range[1] && range[2] ? Math.min(Number(range[2]), size - 1) : size - 1;
      if (start >= size || start > end) {
        reply.header('Content-Range', `bytes */${size}`);
        return reply.status(416).send(Buffer.alloc(0));
      }
      reply.status(206);
      reply.header('Content-Range', `bytes ${start}-${end}/${size}`);
      reply.header('Content-Length', end - start + 1);
      return reply.send(createReadStream(target, { start, end }));
    }
    reply.header('Content-Length', size);
    return reply.send(createReadStream(target));
  });
}
