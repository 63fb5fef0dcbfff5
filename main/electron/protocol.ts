import { net, protocol } from 'electron';
import { promises as fs } from 'node:fs';
import { extname, isAbsolute, join, relative, resolve, sep } from 'node:path';
import { pathToFileURL } from 'node:url';

export const APP_SCHEME = 'app';
export const APP_HOST = 'bundle';
export const APP_ORIGIN = `${APP_SCHEME}://${APP_HOST}`;

/** Must run before `app.ready`: app:// behaves like https (secure context, fetch, CSP). */
export function registerAppScheme(): void {
  protocol.registerSchemesAsPrivileged([
    // stream: responses (a lesson read by range for video preparation) are streamed, not buffered.
    { scheme: APP_SCHEME, privileges: { standard: true, secure: true, supportFetchAPI: true, stream: true } },
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

/** True when `path` lies strictly inside `folder` (both absolute). */
function isInside(folder: string, path: string): boolean {
  const rel = relative(folder, path);
  return rel !== '' && rel !== '..' && !rel.startsWith(`..${sep}`) && !isAbsolute(rel);
}

/**
 * The file a URL names inside the renderer folder, by its real path, or undefined for anything else:
 * another host, a path that is not valid percent-encoding, a NUL or a backslash (no file of the build
 * has one; on Windows a backslash is a separator), `..` tricks, and links that lead out of the folder.
 */
async function fileFor(requestUrl: string, folder: string, realFolder: () => Promise<string>) {
  const url = new URL(requestUrl);
  if (url.host !== APP_HOST) return undefined;
  let wanted: string;
  try {
    wanted = decodeURIComponent(url.pathname === '/' ? '/index.html' : url.pathname);
  } catch {
    return undefined;
  }
  if (/[\0\\]/.test(wanted)) return undefined;
  const file = join(folder, wanted);
  if (!isInside(folder, file)) return undefined;
  try {
    // A link inside the folder may point anywhere: what counts is where it really leads. fs.promises
    // is read at call time: Electron makes its realpath understand app.asar.
    const real = await fs.realpath(file);
    return isInside(await realFolder(), real) ? real : undefined;
  } catch {
    return undefined;
  }
}

/** Main's own paths on the app origin (`/media/...` for video preparation); null for the rest. */
export type AppRoutes = (request: Request) => Promise<Response | null>;

/**
 * Serves the built renderer from app://bundle/. Production loads the page from here rather than
 * file://, so the page has a real origin that the IPC sender check can pin. `routes` answers first:
 * the preparation worker's `/media/<token>` reads and writes, on the page's own origin.
 */
export function serveRenderer(rendererDir: string, routes?: AppRoutes): void {
  const folder = resolve(rendererDir);
  let realFolder: Promise<string> | undefined;
  const notFound = () => new Response('Not found', { status: 404 });
  protocol.handle(APP_SCHEME, async (request) => {
    if (routes && new URL(request.url).host === APP_HOST) {
      const answer = await routes(request);
      if (answer) return answer;
    }
    const file = await fileFor(request.url, folder, () => (realFolder ??= fs.realpath(folder)));
    if (!file) return notFound();
    const response = await net.fetch(pathToFileURL(file).href).catch(() => undefined);
    if (!response || !response.ok) return notFound();
    const headers = new Headers(response.headers);
    headers.set('content-type', mimeTypes[extname(file)] ?? 'application/octet-stream');
    // The page's <meta> CSP cannot carry frame-ancestors; the header adds it (no one may frame the app).
    if (extname(file) === '.html') headers.set('content-security-policy', "frame-ancestors 'none'");
    return new Response(response.body, { status: 200, headers });
  });
}
