import { z } from 'zod';
import type { ProxyInvoke } from '../../../preload/contract';
import type { ProxySignInService } from '../../services/network/proxy-sign-in';
import type { AreaHandlers } from '../handler';

export interface ProxyServices {
  proxySignIn: Pick<ProxySignInService, 'signIn'>;
}

const signIn = z
  .object({
    // scheme://host:port as main named it in the event; the service refuses any proxy that did not ask.
    proxy: z
      .string()
      .min(10)
      .max(300)
      .regex(/^https?:\/\/[A-Za-z0-9.:[\]-]+:\d{1,5}$/),
    username: z.string().min(1).max(512),
    password: z.string().max(4096),
  })
  .strict();

export function createProxyHandlers(services: ProxyServices): AreaHandlers<ProxyInvoke> {
  return {
    'proxy:sign-in': { args: z.tuple([signIn]), run: (input) => services.proxySignIn.signIn(input) },
  };
}
