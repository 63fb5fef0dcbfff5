import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { resolveServiceAddresses } from './api/service-url';

/**
 * Where the service address came from at start-up: an organisation's policy, a value baked into this
 * build, the environment (`npm start`, a run from source), the demo sandbox, or nowhere (an installed app that
 * must ask on its first run).
 */
export type ServiceOrigin = 'policy' | 'build' | 'environment' | 'demo' | 'none';

/** Where the app's settings come from at start-up. Later areas add user settings on top. */
export interface AppConfig {
  /** Empty when `origin` is `none`. */
  serviceUrl: string;
  /** The token endpoint; the real service issues tokens from a separate host. */
  tokenUrl: string;
  /** True when talking to the local sandbox started by `npm start`. */
  demoMode: boolean;
  /** Absent from configurations made before origins existed: treated as environment or demo. */
  origin?: ServiceOrigin;
  /** A mandatory policy fixed the address: nobody may change it in the app. */
  serviceLocked?: boolean;
}

/** The sandbox `npm start` runs when nothing else is configured. */
export const DEMO_SERVICE_URL = 'http://127.0.0.1:4010';

/** An address given by policy or by the build. */
export interface GivenService {
  serviceUrl: string;
  /** Blank or absent: worked out from the service address. */
  tokenUrl?: string | null | undefined;
}

export interface StartupOptions {
  /**
   * `app.isPackaged`: an installed app never falls back to the demo sandbox, and ignores the
   * environment's development switches.
   */
  packaged: boolean;
  /** The address an organisation's policy sets (mandatory or recommended). */
  policy?: GivenService & { locked: boolean };
  /** The address baked into this build (`readBuildService`). */
  build?: GivenService;
}

/**
 * A development run's configuration: the environment, or else the demo sandbox. The tests and the
 * harness start from it; the installed app's decision is `startupConfig`.
 */
export function loadConfig(env: Record<string, string | undefined>): AppConfig {
  const serviceUrl = (env.VC_SERVICE_URL ?? DEMO_SERVICE_URL).replace(/\/+$/, '');
  const tokenUrl = env.VC_TOKEN_URL ?? `${serviceUrl}/oauth2/token`;
  const demoMode = env.VC_DEMO === '1' || env.VC_SERVICE_URL === undefined;
  return { serviceUrl, tokenUrl, demoMode };
}

/**
 * The service the app starts with, highest first: the environment (`npm start`, a run from source),
 * policy, the build, the demo sandbox (a run from source), and otherwise none, so that an installed app
 * asks for its organisation's address instead of talking to a sandbox that is not there.
 *
 * An installed app reads none of `VC_SERVICE_URL`, `VC_TOKEN_URL` and `VC_DEMO`: they are development
 * switches, and a crafted shortcut or login script must not point the signed app at another service
 * over IT's policy (see main/services/policy/launch-options.ts).
 */
export function startupConfig(env: Record<string, string | undefined>, options: StartupOptions): AppConfig {
  const launch = options.packaged ? {} : env;
  if (launch.VC_SERVICE_URL !== undefined) {
    return { ...loadConfig(launch), origin: 'environment', serviceLocked: false };
  }
  const given = (service: GivenService) => resolveServiceAddresses({ ...service, tokenUrl: service.tokenUrl ?? '' });
  if (options.policy) {
    return { ...given(options.policy), demoMode: false, origin: 'policy', serviceLocked: options.policy.locked };
  }
  if (options.build) return { ...given(options.build), demoMode: false, origin: 'build', serviceLocked: false };
  if (!options.packaged) {
    return { ...loadConfig({ VC_DEMO: '1' }), origin: 'demo', serviceLocked: false };
  }
  return { serviceUrl: '', tokenUrl: '', demoMode: false, origin: 'none', serviceLocked: false };
}

/**
 * The field of package.json that carries a build's service address. electron-builder writes it with
 * `-c.extraMetadata.videoCollabService.serviceUrl=https://videocollab.example.org` (and `.tokenUrl`).
 */
export const BUILD_SERVICE_FIELD = 'videoCollabService';

/**
 * The service address baked into a build, from the package.json it ships. Only an address the app
 * would accept from a person counts (https, or http to this computer; no user name or password):
 * anything else is `problem`, and the app asks on its first run as if there were none.
 */
export function buildServiceFrom(packageJson: unknown): { service?: GivenService; problem?: string } {
  if (packageJson === null || typeof packageJson !== 'object') return {};
  const raw = (packageJson as Record<string, unknown>)[BUILD_SERVICE_FIELD];
  if (raw === undefined) return {};
  const { serviceUrl, tokenUrl } = (raw ?? {}) as Record<string, unknown>;
  if (typeof serviceUrl !== 'string' || (tokenUrl !== undefined && typeof tokenUrl !== 'string')) {
    return { problem: `${BUILD_SERVICE_FIELD} in package.json needs a serviceUrl text (and optionally a tokenUrl).` };
  }
  try {
    return { service: resolveServiceAddresses({ serviceUrl, tokenUrl }) };
  } catch (error) {
    return { problem: `${BUILD_SERVICE_FIELD} in package.json: ${(error as Error).message}` };
  }
}

/** Reads `buildServiceFrom` from `<appPath>/package.json` (inside app.asar in an installed app). */
export function readBuildService(appPath: string): { service?: GivenService; problem?: string } {
  let text: string;
  try {
    text = readFileSync(join(appPath, 'package.json'), 'utf8');
  } catch {
    return {};
  }
  try {
    return buildServiceFrom(JSON.parse(text));
  } catch {
    return { problem: 'package.json could not be read as JSON.' };
  }
}
