/** Where the app's settings come from at start-up. Later areas add user settings on top. */
export interface AppConfig {
  serviceUrl: string;
  /** The token endpoint; the real service issues tokens from a separate host. */
  tokenUrl: string;
  /** True when talking to the local sandbox started by `npm start`. */
  demoMode: boolean;
}

/** The sandbox `npm start` runs when nothing else is configured. */
export const DEMO_SERVICE_URL = 'http://127.0.0.1:4010';

export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const serviceUrl = (env.VC_SERVICE_URL ?? DEMO_SERVICE_URL).replace(/\/+$/, '');
  const tokenUrl = env.VC_TOKEN_URL ?? `${serviceUrl}/oauth2/token`;
  const demoMode = env.VC_DEMO === '1' || env.VC_SERVICE_URL === undefined;
  return { serviceUrl, tokenUrl, demoMode };
}
