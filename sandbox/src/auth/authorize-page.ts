/** The sandbox's stand-in for the single sign-on identity provider: one plain, accessible HTML form. */

export interface AuthorizeParams {
  client_id: string;
  redirect_uri: string;
  state: string;
  code_challenge: string;
  code_challenge_method: string;
  response_type: string;
  login_hint: string;
}

export const escapeHtml = (text: string): string =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

const hidden = (params: AuthorizeParams): string =>
  (['client_id', 'redirect_uri', 'state', 'code_challenge', 'code_challenge_method', 'response_type'] as const)
    .map((name) => `<input type="hidden" name="${name}" value="${escapeHtml(params[name])}">`)
    .join('\n      ');

export const htmlPage = (title: string, body: string): string => `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>${escapeHtml(title)}</title>
  <style>
    body { font: 16px/1.5 system-ui, sans-serif; max-width: 26rem; margin: 3rem auto; padding: 0 1rem; color: #1a1a1a; }
    label { display: block; margin-top: 1rem; font-weight: 600; }
    input[type=email], input[type=password] { width: 100%; padding: .5rem; font-size: 1rem; box-sizing: border-box; }
    .actions { margin-top: 1.5rem; display: flex; gap: .75rem; }
    button { padding: .5rem 1.25rem; font-size: 1rem; }
    .error { color: #a00000; border: 1px solid #a00000; padding: .5rem; margin-top: 1rem; }
    :focus-visible { outline: 3px solid #1d4ed8; outline-offset: 2px; }
  </style>
</head>
<body>
${body}
</body>
</html>`;

export function signInPage(params: AuthorizeParams, error?: string): string {
  const errorBlock = error ? `<p class="error" role="alert" id="error">${escapeHtml(error)}</p>` : '';
  return htmlPage(
    'Sign in - Sandbox identity provider',
    `<main>
  <h1>Sign in</h1>
  <p>Sandbox identity provider for <strong>${escapeHtml(params.client_id)}</strong>.</p>
  ${errorBlock}
  <form method="post" action="/oauth2/authorize">
      ${hidden(params)}
      <label for="email">Email</label>
      <input id="email" name="email" type="email" autocomplete="username" required autofocus
        value="${escapeHtml(params.login_hint)}"${error ? ' aria-describedby="error"' : ''}>
      <label for="password">Password</label>
      <input id="password" name="password" type="password" autocomplete="current-password" required>
      <div class="actions">
        <button type="submit" name="action" value="signin">Sign in</button>
        <button type="submit" name="action" value="cancel" formnovalidate>Cancel</button>
      </div>
  </form>
</main>`,
  );
}

/** Shown instead of redirecting when the redirect address itself cannot be trusted. */
export function errorPage(message: string): string {
  return htmlPage(
    'Sign-in error - Sandbox identity provider',
    `<main>
  <h1>Sign-in request not accepted</h1>
  <p role="alert">${escapeHtml(message)}</p>
</main>`,
  );
}
