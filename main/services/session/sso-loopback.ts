import { createServer, type Server } from 'node:http';
import { AppError } from '../app-error';

export interface LoopbackResult {
  code: string;
}

export interface LoopbackReceiver {
  /** `http://127.0.0.1:<random port>/callback`, registered as the OAuth redirect URI for this attempt. */
  redirectUri: string;
  /** Settles once with the authorization code, or an AppError (cancelled, denied, wrong state, timeout). */
  result: Promise<LoopbackResult>;
  /** Ends the wait (the user pressed Cancel in the app). */
  cancel(): void;
}

const page = (title: string, message: string) => `<!doctype html>
<html lang="en-GB"><head><meta charset="utf-8"><title>${title}</title>
<meta http-equiv="Content-Security-Policy" content="default-src 'none'; style-src 'unsafe-inline'">
<style>body{font:16px system-ui,sans-serif;margin:4rem auto;max-width:32rem;padding:0 1rem;color:#222}
@media (prefers-color-scheme:dark){body{background:#18181b;color:#eee}}</style></head>
<body><h1>${title}</h1><p>${message}</p></body></html>`;

/**
 * The native-app redirect of RFC 8252: a one-shot HTTP listener on the loopback interface, on a random
 * port, for the single redirect that carries the authorization code. It checks `state`, answers the
 * browser with a page telling the user to return to the app, and closes.
 */
export async function startLoopbackReceiver(options: { state: string; timeoutMs: number }): Promise<LoopbackReceiver> {
  let settle!: (outcome: { ok: true; code: string } | { ok: false; error: AppError }) => void;
  const outcome = new Promise<{ ok: true; code: string } | { ok: false; error: AppError }>((resolve) => {
    settle = resolve;
  });
  let settled = false;
  const finish = (value: { ok: true; code: string } | { ok: false; error: AppError }) => {
    if (settled) return;
    settled = true;
    settle(value);
  };

  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      res.writeHead(404).end();
      return;
    }
    const error = url.searchParams.get('error');
    const state = url.searchParams.get('state');
    const code = url.searchParams.get('code');
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' });
    if (state !== options.state) {
      // Not our attempt (a stale tab, or someone else's redirect): ignore it and keep waiting.
      res.end(
        page('Sign-in not recognised', 'This sign-in did not come from the app. Please start again from the app.'),
      );
      return;
    }
    if (error) {
      res.end(page('Sign-in cancelled', 'You can close this window and return to Video Collab.'));
      finish({
        ok: false,
        error:
          error === 'access_denied'
            ? new AppError('SSO_CANCELLED', 'Sign-in with your organisation was cancelled.')
            : new AppError('INVALID_CREDENTIALS', 'Your organisation did not sign you in. Please try again.', {
                error,
              }),
      });
      return;
    }
    if (!code) {
      res.end(page('Sign-in failed', 'The answer had no sign-in code. Please start again from the app.'));
      finish({ ok: false, error: new AppError('BAD_RESPONSE', 'The sign-in answer had no code.') });
      return;
    }
    res.end(page('You are signed in', 'You can close this window and return to Video Collab.'));
    finish({ ok: true, code });
  });

  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve());
  });
  const address = server.address();
  if (address === null || typeof address === 'string')
    throw new AppError('INTERNAL', 'Could not open the sign-in listener.');

  const timer = setTimeout(
    () =>
      finish({
        ok: false,
        error: new AppError('TIMEOUT', 'Sign-in with your organisation took too long. Please try again.'),
      }),
    options.timeoutMs,
  );
  const result = outcome.then((value) => {
    clearTimeout(timer);
    server.close();
    server.closeAllConnections();
    if (!value.ok) throw value.error;
    return { code: value.code };
  });

  // The browser may answer before anyone awaits `result` (or the caller may give up first): mark the
  // rejection handled here so it never surfaces as an unhandled rejection; awaiting still rejects.
  result.catch(() => undefined);

  return {
    redirectUri: `http://127.0.0.1:${address.port}/callback`,
    result,
    cancel: () =>
      finish({ ok: false, error: new AppError('SSO_CANCELLED', 'Sign-in with your organisation was cancelled.') }),
  };
}
