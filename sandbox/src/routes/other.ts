import { z } from 'zod';
import type { RouteModule } from './index.js';
import { looseString, parseBody } from '../http/body.js';
import { badRequest } from '../http/errors.js';
import { looksLikeEmail } from '../domain/people.js';
import { loginMethodsFor } from '../domain/people-login.js';
import { registerMedia } from './core-media.js';
import { registerInvitePage } from '../auth/invite-page.js';

/** The field name is not in the interface: Email in any case, or EmailAddress / UserName. */
const loginMethodBody = z
  .object({ Email: looseString.optional(), EmailAddress: looseString.optional(), UserName: looseString.optional() })
  .transform((b) => b.Email ?? b.EmailAddress ?? b.UserName ?? '');

/** Assistants that can be added to groups; fixed in the sandbox. */
const bots = [
  { Id: 1, Name: 'Transcriber', Description: 'Adds a transcript to uploaded videos.', IsEnabled: true },
  { Id: 2, Name: 'Reminder', Description: 'Reminds members about unanswered comments.', IsEnabled: true },
  { Id: 3, Name: 'Digest', Description: 'Sends a weekly summary of group activity.', IsEnabled: false },
];

/** Sign-in method choice, bots, and the media files every <img>/<video> points at. */
const register: RouteModule = (app, ctx) => {
  app.post('/api/auth/login-method', async (req) => {
    const email = parseBody(req, loginMethodBody).trim();
    if (!looksLikeEmail(email)) throw badRequest('Email', 'The Email field is not a valid e-mail address.');
    const methods = loginMethodsFor(ctx, email);
    return {
      Email: email,
      Methods: [...(methods.password ? ['Password'] : []), ...(methods.sso ? ['Sso'] : [])],
      PasswordEnabled: methods.password,
      SsoEnabled: methods.sso,
      SsoUrl: methods.sso ? `${ctx.config.origin}/oauth2/authorize` : null,
      OrganisationName: methods.organisation?.name ?? null,
    };
  });

  app.get('/api/bots', async () => bots);

  registerMedia(app, ctx);
  registerInvitePage(app, ctx);
};
export default register;
