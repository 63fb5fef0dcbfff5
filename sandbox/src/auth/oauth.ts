import type { FastifyReply } from 'fastify';
import type { RouteModule } from '../routes/index.js';
import type { SandboxContext } from '../context.js';
import { checkCredentials } from '../domain/people-login.js';
import { errorPage, signInPage, type AuthorizeParams } from './authorize-page.js';
import { isLoopbackRedirect, issueAuthorizationCode } from './issue.js';
import { grantTokens, OAuthError, type TokenRequest } from './token-grants.js';

/**
 * OAuth 2.0 for the sandbox: /oauth2/token (password, refresh_token, authorization_code with PKCE)
 * and /oauth2/authorize (a sign-in page standing in for the single sign-on identity provider).
 * Both answer in OAuth's own formats (snake_case JSON, HTML, redirects), not the API's PascalCase.
 */
const register: RouteModule = (app, ctx) => {
  app.post('/oauth2/token', {
    // A body that does not even parse is still answered as OAuth does.
    errorHandler: (_error, _req, reply) =>
      sendOAuthError(reply, new OAuthError('invalid_request', 'The request body could not be read.')),
    handler: async (req, reply) => {
      reply.header('Cache-Control', 'no-store').header('Pragma', 'no-cache');
      try {
        return sendJson(reply, 200, grantTokens(ctx, stringParams(req.body)));
      } catch (error) {
        if (error instanceof OAuthError) return sendOAuthError(reply, error);
        throw error;
      }
    },
  });

  app.get('/oauth2/authorize', async (req, reply) => {
    const params = authorizeParams(req.query);
    const problem = checkAuthorizeRequest(params);
    if (problem) return answerProblem(reply, params, problem);
    return sendHtml(reply, 200, signInPage(params));
  });

  app.post('/oauth2/authorize', async (req, reply) => {
    const body = stringParams(req.body);
    const params = authorizeParams(body);
    const problem = checkAuthorizeRequest(params);
    if (problem) return answerProblem(reply, params, problem);
    if (body.action === 'cancel') {
      return reply.redirect(withQuery(params.redirect_uri, { error: 'access_denied', state: params.state }), 302);
    }
    return signIn(ctx, reply, params, body.email ?? '', body.password ?? '');
  });
};
export default register;

function signIn(ctx: SandboxContext, reply: FastifyReply, params: AuthorizeParams, email: string, password: string) {
  const again = { ...params, login_hint: email };
  const result = checkCredentials(ctx, email, password);
  if (!result.ok) {
    const message =
      result.reason === 'locked'
        ? 'This account is locked. An organisation administrator can unlock it.'
        : result.reason === 'inactive'
          ? 'This account is not active.'
          : 'The email address or password is incorrect.';
    return sendHtml(reply, 401, signInPage(again, message));
  }
  const code = issueAuthorizationCode(
    ctx,
    result.user.id,
    params.client_id,
    params.redirect_uri,
    params.code_challenge,
  );
  return reply.redirect(withQuery(params.redirect_uri, { code, state: params.state }), 302);
}

interface AuthorizeProblem {
  /** Whether the client may be told through its redirect address (it is a valid loopback one). */
  redirect: boolean;
  error: string;
  description: string;
}

function checkAuthorizeRequest(p: AuthorizeParams): AuthorizeProblem | undefined {
  if (!p.client_id)
    return { redirect: false, error: 'invalid_request', description: 'The client_id parameter is required.' };
  if (!isLoopbackRedirect(p.redirect_uri)) {
    return {
      redirect: false,
      error: 'invalid_request',
      description: 'The redirect_uri must be a loopback address such as http://127.0.0.1:<port>/callback.',
    };
  }
  if (p.response_type !== 'code') {
    return { redirect: true, error: 'unsupported_response_type', description: 'Only response_type=code is supported.' };
  }
  if (!p.code_challenge || p.code_challenge_method !== 'S256') {
    return {
      redirect: true,
      error: 'invalid_request',
      description: 'PKCE with code_challenge_method=S256 is required.',
    };
  }
  return undefined;
}

function answerProblem(reply: FastifyReply, p: AuthorizeParams, problem: AuthorizeProblem) {
  if (!problem.redirect) return sendHtml(reply, 400, errorPage(problem.description));
  return reply.redirect(
    withQuery(p.redirect_uri, { error: problem.error, error_description: problem.description, state: p.state }),
    302,
  );
}

function authorizeParams(source: unknown): AuthorizeParams {
  const s = stringParams(source);
  return {
    client_id: s.client_id ?? '',
    redirect_uri: s.redirect_uri ?? '',
    state: s.state ?? '',
    code_challenge: s.code_challenge ?? '',
    code_challenge_method: s.code_challenge_method ?? 'plain',
    response_type: s.response_type ?? '',
    login_hint: s.login_hint ?? '',
  };
}

/** Form or JSON fields as strings; OAuth parameter names are lower case. */
function stringParams(source: unknown): TokenRequest {
  const out: TokenRequest = {};
  if (source && typeof source === 'object') {
    for (const [key, value] of Object.entries(source as Record<string, unknown>)) {
      if (typeof value === 'string' || typeof value === 'number') out[key.toLowerCase()] = String(value);
    }
  }
  return out;
}

function withQuery(uri: string, params: Record<string, string>): string {
  const url = new URL(uri);
  for (const [key, value] of Object.entries(params)) if (value !== '') url.searchParams.set(key, value);
  return url.toString();
}

function sendJson(reply: FastifyReply, status: number, value: unknown) {
  return reply.status(status).type('application/json; charset=utf-8').serializer(JSON.stringify).send(value);
}

function sendOAuthError(reply: FastifyReply, error: OAuthError) {
  reply.header('Cache-Control', 'no-store');
  return sendJson(reply, 400, { error: error.error, error_description: error.description });
}

function sendHtml(reply: FastifyReply, status: number, html: string) {
  reply.header(
    'Content-Security-Policy',
    "default-src 'none'; style-src 'unsafe-inline'; form-action 'self' http://127.0.0.1:* http://localhost:*",
  );
  return reply
    .status(status)
    .type('text/html; charset=utf-8')
    .serializer((p: unknown) => String(p))
    .send(html);
}
