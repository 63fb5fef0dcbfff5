import { net, protocol } from 'electron';
import { extname, join, normalize, relative, isAbsolute } from 'node:path';
import { pathToFileURL } from 'node:url';

export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before `app.ready`: app:// behaves like https (secure context, fetch, CSP). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true } },
  ]);
}

const mimeTypes: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.woff2': 'font/woff2',
  '.woff': 'font/woff',
  '.ttf': 'font/ttf',
  '.json': 'application/json',
};

/**
 * Serves the built renderer from app://bundle/. Production loads the page from here rather than
 * file://, so the page has a real origin that the IPC sender check can pin.
 */
export function serveRenderer(rendererDir: string): void {
  protocol.handle(APP_SCHEME, async (request) => {
    const url = new URL(request.url);
    if (url.host !== APP_HOST) return new Response('Not found', { status: 404 });
    const wanted = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
    const file = normalize(join(rendererDir, wanted));
    const rel = relative(rendererDir, file);
    // Refuse anything that resolves outside the renderer folder (../ tricks).
    if (rel.startsWith('..') || isAbsolute(rel)) return new Response('Not found', { status: 404 });
    const response = await net.fetch(pathToFileURL(file).href).catch(() => undefined);
    if (!response || !response.ok) return new Response('Not found', { status: 404 });
    const headers = new Headers(response.headers);
    headers.set('content-type', mimeTypes[extname(file)] ?? 'application/octet-stream');
    // The page's <meta> CSP cannot carry frame-ancestors; the header adds it (no one may frame the app).
    if (extname(file) === '.html') headers.set('content-security-policy', "frame-ancestors 'none'");
    return new Response(response.body, { status: 200, headers });
  });
}
