import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import type { ReadableStream as WebReadableStream } from 'node:stream/web';
import { createReadStream, existsSync, statSync } from 'node:fs';
import { extname, join, normalize, relative, isAbsolute } from 'node:path';

const types: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.eot': 'application/vnd.ms-fontobject',
};

export interface StaticServer {
  origin: string;
  close(): Promise<void>;
}

/** Answers some paths itself (main's `/media/...`, as app://bundle does in Electron), or null. */
export type RouteHandler = (request: Request) => Promise<Response | null>;

/** Serves a folder on 127.0.0.1 (the production renderer build, as app://bundle would). */
export async function serveFolder(
  root: string,
  extraPages: Record<string, string> = {},
  routes?: RouteHandler,
): Promise<StaticServer> {
  const server: Server = createServer((req, res) => {
    if (routes && req.url?.startsWith('/media/')) {
      void answerFromRoutes(routes, req, res);
      return;
    }
    const path = decodeURIComponent((req.url ?? '/').split('?')[0] ?? '/');
    const extra = extraPages[path];
    if (extra !== undefined) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(extra);
      return;
    }
    const file = normalize(join(root, path === '/' ? 'index.html' : path));
    const rel = relative(root, file);
    if (rel.startsWith('..') || isAbsolute(rel) || !existsSync(file) || !statSync(file).isFile()) {
      res.writeHead(404).end();
      return;
    }
    res.writeHead(200, { 'content-type': types[extname(file)] ?? 'application/octet-stream' });
    createReadStream(file).pipe(res);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (address === null || typeof address === 'string') throw new Error('static server did not bind');
  return {
    origin: `http://127.0.0.1:${address.port}`,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // Keep-alive connections from the browser would otherwise hold close() open.
        server.closeAllConnections();
      }),
  };
}

/** Node's request as fetch's Request, and the Response written back, streamed both ways. */
async function answerFromRoutes(routes: RouteHandler, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const headers = new Headers();
  for (const [name, value] of Object.entries(req.headers)) if (typeof value === 'string') headers.set(name, value);
  const hasBody = req.method !== 'GET' && req.method !== 'HEAD';
  const request = new Request(`http://127.0.0.1${req.url}`, {
    method: req.method ?? 'GET',
    headers,
    ...(hasBody ? { body: Readable.toWeb(req) as ReadableStream, duplex: 'half' } : {}),
  });
  const response = (await routes(request)) ?? new Response(null, { status: 404 });
  res.writeHead(response.status, Object.fromEntries(response.headers));
  if (!response.body) {
    res.end();
    return;
  }
  Readable.fromWeb(response.body as WebReadableStream).pipe(res);
}
