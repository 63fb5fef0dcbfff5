import Fastify, { type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import { randomUUID } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { join } from 'node:path';
import type { SandboxConfig, SandboxContext } from './context.js';
import { openDatabase } from './db/database.js';
import { registerFormats, applyFormat } from './http/formats.js';
import { ApiError, problemBody } from './http/errors.js';
import { registerAuthGuard } from './auth/guard.js';
import { registerRoutes } from './routes/index.js';

/** How long closing waits for requests under way before it cuts their connections. */
const closeGraceMs = 2_000;

export interface SandboxOptions extends Partial<Omit<SandboxConfig, 'dataDir' | 'filesDir' | 'origin'>> {
  dataDir: string;
  /** Injected clock (tests); defaults to the wall clock. */
  now?: () => Date;
  /** Fastify's logger; off by default (the CLI turns it on). */
  logger?: boolean;
  /** Serve HTTPS with this key and certificate (PEM), e.g. from `sandboxTls` (`--tls`). */
  tls?: { key: string; cert: string };
}

export interface Sandbox {
  app: FastifyInstance;
  ctx: SandboxContext;
  /** Starts listening on 127.0.0.1 only; port 0 picks a free one. Returns the origin. */
  listen(port?: number): Promise<string>;
  close(): Promise<void>;
}

export async function createSandbox(options: SandboxOptions): Promise<Sandbox> {
  const filesDir = join(options.dataDir, 'files');
  mkdirSync(filesDir, { recursive: true });
  const config: SandboxConfig = {
    dataDir: options.dataDir,
    filesDir,
    tokenTtlSeconds: options.tokenTtlSeconds ?? 3600,
    refreshTtlSeconds: options.refreshTtlSeconds ?? 30 * 24 * 3600,
    maxUploadBytes: options.maxUploadBytes ?? 4 * 1024 * 1024 * 1024,
    controls: options.controls ?? false,
    origin: '',
    wire: options.wire ?? 'strict',
  };
  const db = openDatabase(options.dataDir);
  const ctx: SandboxContext = { db, config, now: options.now ?? (() => new Date()) };

  const fastifyOptions = {
    logger: options.logger ?? false,
    genReqId: () => randomUUID(),
    // Large uploads are streamed by multipart; JSON/XML bodies stay small.
    bodyLimit: 10 * 1024 * 1024,
    routerOptions: { caseSensitive: false, ignoreTrailingSlash: true },
  };
  // Fastify types an HTTPS instance apart; routes and hooks are the same, so the rest sees one type.
  const app = options.tls
    ? (Fastify({
        ...fastifyOptions,
        https: { key: options.tls.key, cert: options.tls.cert },
      }) as unknown as FastifyInstance)
    : Fastify(fastifyOptions);
  const scheme = options.tls ? 'https' : 'http';

  registerFormats(app, config.wire);
  await app.register(multipart, {
    limits: { fileSize: config.maxUploadBytes, files: 1, fields: 20 },
  });
  registerAuthGuard(app, ctx);

  app.setErrorHandler((error: unknown, req, reply) => {
    const format = applyFormat(req, reply, { wire: config.wire, problem: true });
    const traceId = req.id;
    if (error instanceof ApiError) {
      for (const [name, value] of Object.entries(error.headers ?? {})) reply.header(name, value);
      if (format.endsWith('json')) reply.type('application/problem+json; charset=utf-8');
      return reply.status(error.status).send(problemBody(error.status, error.title, traceId, error.errors));
    }
    const fastifyError = error as { statusCode?: number; code?: string; message?: string };
    if (fastifyError.code === 'FST_REQ_FILE_TOO_LARGE' || fastifyError.statusCode === 413) {
      return reply
        .status(413)
        .send(problemBody(413, `The upload is larger than the limit of ${config.maxUploadBytes} bytes.`, traceId));
    }
    if (fastifyError.statusCode && fastifyError.statusCode >= 400 && fastifyError.statusCode < 500) {
      return reply
        .status(fastifyError.statusCode)
        .send(problemBody(fastifyError.statusCode, fastifyError.message ?? 'Bad request.', traceId));
    }
    req.log.error(error);
    return reply.status(500).send(problemBody(500, 'An unexpected error occurred.', traceId));
  });

  app.setNotFoundHandler((req, reply) => {
    applyFormat(req, reply, { wire: config.wire, problem: true });
    reply.status(404).send(problemBody(404, `No route for ${req.method} ${req.url.split('?')[0]}.`, req.id));
  });

  await registerRoutes(app, ctx);

  return {
    app,
    ctx,
    async listen(port = 0) {
      await app.listen({ host: '127.0.0.1', port });
      const address = app.server.address();
      if (address === null || typeof address === 'string') throw new Error('Sandbox did not bind a TCP port.');
      config.origin = `${scheme}://127.0.0.1:${address.port}`;
      return config.origin;
    },
    async close() {
      // Requests under way get a moment to finish; a connection a browser keeps busy (a video it is
      // still streaming, say) must not hold the shutdown open.
      const force = setTimeout(() => app.server.closeAllConnections(), closeGraceMs);
      try {
        await app.close();
      } finally {
        clearTimeout(force);
      }
      db.close();
    },
  };
}
