import type { Result } from './result';

/** A proxy on the way to the service asked for a user name and password (HTTP 407, Basic). */
export interface ProxySignInNeeded {
  /**
   * The proxy as `scheme://host:port` (`http://proxy.school.example:3128`): a saved password is kept
   * for, and sent to, exactly that one.
   */
  proxy: string;
  /**
   * The proxy's own name for what it protects, when it gave one: its words, not the app's (the page
   * shows it as a quote from the proxy). Control and bidi characters removed, at most 100 characters.
   */
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
