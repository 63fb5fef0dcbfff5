import type { ConnectionInfo, ErrorCode } from '../../preload/contract';
import type { AppConfig } from '../config';
import type { ServiceHttp } from '../api/http';
import { readLoginMethods } from '../api/login-method';
import { resolveServiceAddresses } from '../api/service-url';
import { AppError } from './app-error';

/**
 * Which service the app talks to when it starts, and how a new address is checked before it is
 * remembered. Plain data in, plain data out: the connection service keeps the result.
 */

/** What `connection.json` held, unchecked: a hand-edited or damaged file may hold anything. */
export interface SavedConnection {
  serviceUrl?: string | undefined;
  tokenUrl?: string | undefined;
}

/** An installed app that was given no address and has none remembered: the first screen asks for one. */
export const NEEDS_SETUP: ConnectionInfo = { serviceUrl: '', tokenUrl: '', demoMode: false, needsSetup: true };

/**
 * The start-up choice, highest first:
 * 1. an address a mandatory policy fixed (shown as managed by the organisation);
 * 2. one given explicitly for this run (`npm start`, `VC_SERVICE_URL`);
 * 3. the one the person chose before (first-run screen or Advanced), if it still passes the checks;
 * 4. the configured one (recommended policy, the build, the demo sandbox of a run from source);
 * 5. nothing: the first-run screen.
 */
export function startingConnection(config: AppConfig, saved: SavedConnection, explicit: boolean): ConnectionInfo {
  const configured: ConnectionInfo = {
    serviceUrl: config.serviceUrl,
    tokenUrl: config.tokenUrl,
    demoMode: config.demoMode,
  };
  if (config.serviceLocked && config.origin !== 'none') return { ...configured, managed: true };
  if (explicit || config.origin === 'environment') return configured;
  const remembered = rememberedAddresses(saved);
  if (remembered) return { ...remembered, demoMode: false };
  return config.origin === 'none' ? { ...NEEDS_SETUP } : configured;
}

/** The saved pair, if both are there and would still be accepted from the person today. */
function rememberedAddresses(saved: SavedConnection): { serviceUrl: string; tokenUrl: string } | undefined {
  if (!saved.serviceUrl || !saved.tokenUrl) return undefined;
  try {
    return resolveServiceAddresses({ serviceUrl: saved.serviceUrl, tokenUrl: saved.tokenUrl });
  } catch {
    return undefined;
  }
}

/** Any well-formed address: the service lets anyone ask how they would sign in. */
const PROBE_EMAIL = 'connection-check@example.org';

/** Answers that came back, but not as the service gives them: a sign-in wall, or an unreadable body. */
const answeredButNotTheService = new Set<ErrorCode>(['UNAUTHENTICATED', 'FORBIDDEN', 'BAD_RESPONSE']);

const notThisService = () =>
  new AppError('NOT_A_SERVICE', 'Something answered at that address, but it is not the video service.');

/**
 * Checks that an address is the service: it answers the sign-in-method question every service
 * answers without an account, with a model (an object or a list), or with words the app knows.
 * The HTTP layer already turns no answer into UNREACHABLE, a certificate problem into TLS, and a
 * 404, a redirect or a web page into NOT_A_SERVICE. What is left and still not the service: a
 * catch-all server that says "OK" to anything, one that wants a sign-in before it says anything, or
 * one whose answer cannot be read at all.
 */
export async function checkServiceAnswers(http: ServiceHttp): Promise<void> {
  let raw: unknown;
  try {
    // The same request as `fetchLoginMethods`, kept raw here to judge the answer's shape.
    raw = await http.post(
      '/api/auth/login-method',
      { Email: PROBE_EMAIL, EmailAddress: PROBE_EMAIL, UserName: PROBE_EMAIL },
      { anonymous: true, probe: true, what: 'sign-in methods' },
    );
  } catch (error) {
    if (error instanceof AppError && answeredButNotTheService.has(error.code)) throw notThisService();
    throw error;
  }
  const structured = raw !== null && typeof raw === 'object';
  if (!structured && !readLoginMethods(raw).recognised) throw notThisService();
}
