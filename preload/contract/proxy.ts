import type { Result } from './result';

/** A proxy on the way to the service asked for a user name and password (HTTP 407, Basic). */
export interface ProxySignInNeeded {
  /** `host:port` of the proxy, as main's messages name it. */
  proxy: string;
  /** The proxy's own name for what it protects, when it gave one. */
  realm?: string;
  /** True when the saved name and password were refused: the page asks again. */
  rejected?: boolean;
}

export interface ProxySignIn {
  proxy: string;
  username: string;
  password: string;
}

/** Signing in to a school's proxy: asked once, kept in the keychain by main, never in the page. */
export interface ProxyInvoke {
  /**
   * Keeps the name and password for a proxy that asked for them (main refuses any other proxy) in the
   * OS keychain, and uses them from the next request on.
   */
  'proxy:sign-in': (input: ProxySignIn) => Promise<Result<null>>;
}

export interface ProxyEvents {
  'proxy:sign-in-needed': ProxySignInNeeded;
}

export const proxyInvokeChannels = {
  'proxy:sign-in': true,
} as const satisfies Record<keyof ProxyInvoke, true>;

export const proxyEventChannels = {
  'proxy:sign-in-needed': true,
} as const satisfies Record<keyof ProxyEvents, true>;
