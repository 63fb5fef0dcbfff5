import { z } from 'zod';
import type { CoreInvoke } from '../../../preload/contract';
import type { AppInfoService } from '../../services/app-info';
import type { ExternalLinks } from '../../services/external-links';
import type { SessionService } from '../../services/session/session-service';
import type { ConnectionService } from '../../services/connection';
import type { AccountService } from '../../services/account';
import type { AreaHandlers } from '../handler';

export interface CoreServices {
  appInfo: AppInfoService;
  externalLinks: ExternalLinks;
  session: SessionService;
  connection: ConnectionService;
  account: AccountService;
}

const noArgs = z.tuple([]);
/** Long enough for any real link; stops a megabyte of garbage reaching the URL parser. */
const urlArg = z.string().trim().min(1).max(4096);
const email = z
  .string()
  .trim()
  .min(3)
  .max(320)
  .regex(/^[^\s@]+@[^\s@]+$/, 'Not an email address');
/** Generous for a passphrase, small enough to refuse garbage. */
const password = z.string().min(1).max(1024);
const token = z.string().trim().min(8).max(16_384);
const shortText = z.string().trim().max(200);

/** The app, the session, the connection and the account. */
export function createCoreHandlers(services: CoreServices): AreaHandlers<CoreInvoke> {
  const { session } = services;
  return {
    'app:about': { args: noArgs, run: () => services.appInfo.about() },
    'app:open-external': { args: z.tuple([urlArg]), run: (url) => services.externalLinks.open(url) },

    'session:get': { args: noArgs, run: () => session.state() },
    'session:login-methods': {
      args: z.tuple([email]),
      run: async (address) => {
        // The session has already offered the password for an answer it could not read, unless policy forbids it.
        const methods = await session.loginMethods(address);
        return { password: methods.password, sso: methods.sso };
      },
    },
    'session:sign-in-password': {
      args: z.tuple([z.strictObject({ email, password })]),
      run: ({ email: address, password: secret }) => session.signInWithPassword(address, secret),
    },
    'session:sign-in-sso': {
      args: z.tuple([z.strictObject({ email: email.optional() })]),
      run: ({ email: address }) => session.signInWithSso(address),
    },
    'session:cancel-sso': {
      args: noArgs,
      run: () => {
        session.cancelSso();
        return null;
      },
    },
    'session:sign-in-token': {
      args: z.tuple([z.strictObject({ accessToken: token })]),
      run: ({ accessToken }) => session.signInWithToken(accessToken),
    },
    'session:sign-out': { args: noArgs, run: () => session.signOut() },
    'connection:set': {
      args: z.tuple([z.strictObject({ serviceUrl: urlArg, tokenUrl: urlArg.optional() })]),
      run: (settings) => services.connection.set(settings),
    },

    'account:profile': { args: noArgs, run: () => services.account.profile() },
    'account:update-profile': {
      args: z.tuple([
        z.strictObject({
          firstName: shortText.min(1).optional(),
          lastName: shortText.min(1).optional(),
          jobTitle: shortText.optional(),
          bio: z.string().max(4000).optional(),
        }),
      ]),
      run: (patch) => services.account.updateProfile(patch),
    },
    'account:stats': { args: noArgs, run: () => services.account.stats() },
    'account:accept-terms': { args: noArgs, run: () => services.account.acceptTerms() },
  };
}
