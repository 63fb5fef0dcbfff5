import { join } from 'node:path';
import { z } from 'zod';
import type { ConnectionInfo, ConnectionSettings, SignInMethod } from '../../preload/contract';
import type { AppConfig } from '../config';
import { resolveServiceAddresses } from '../api/service-url';
import { JsonFile } from './settings/json-file';
import { AppError } from './app-error';
import { startingConnection } from './connection-setup';

const stored = z.object({ serviceUrl: z.string(), tokenUrl: z.string() }).partial();

export interface ConnectionDeps {
  dataDir: string;
  /** The address given at start-up (policy, build, environment, demo, or none) and where it came from. */
  config: AppConfig;
  /** True when the start-up address was given explicitly (npm start, VC_SERVICE_URL): it wins over the saved one. */
  configIsExplicit: boolean;
  /** Checks that an address answers like the service before it is saved. */
  verify: (addresses: { serviceUrl: string; tokenUrl: string }) => Promise<void>;
  /** False while someone is signed in: their session belongs to the current service. */
  canChange: () => boolean;
  /** The organisation's sign-in policy: the ways it allows (absent: all) and whether Advanced is hidden. */
  signInPolicy?: { allowedMethods?: readonly SignInMethod[]; hideAdvanced?: boolean };
}

/** Which service the app talks to. Not secret: kept in `connection.json` in the data folder. */
export class ConnectionService {
  private readonly file: JsonFile<typeof stored>;
  private current: ConnectionInfo;

  constructor(private readonly deps: ConnectionDeps) {
    this.file = new JsonFile(join(deps.dataDir, 'connection.json'), stored, {});
    this.current = startingConnection(deps.config, this.file.read(), deps.configIsExplicit);
  }

  get(): ConnectionInfo {
    const { allowedMethods, hideAdvanced } = this.deps.signInPolicy ?? {};
    return {
      ...this.current,
      ...(allowedMethods ? { allowedSignInMethods: [...allowedMethods] } : {}),
      ...(hideAdvanced ? { advancedHidden: true as const } : {}),
    };
  }

  /**
   * Validates (https, or http to this computer), checks the address answers like the service, then
   * saves. The first-run screen and Advanced both come here.
   */
  async set(settings: ConnectionSettings): Promise<ConnectionInfo> {
    if (this.current.managed) {
      throw new AppError('FORBIDDEN', 'The service address is managed by your organisation.', { managed: true });
    }
    // Advanced hidden means nobody points the app elsewhere; the first-run screen still needs an address.
    if (this.deps.signInPolicy?.hideAdvanced && !this.current.needsSetup) {
      throw new AppError('FORBIDDEN', 'The service address is managed by your organisation.', { managed: true });
    }
    if (!this.deps.canChange()) {
      throw new AppError('CONFLICT', 'Sign out before choosing another service.');
    }
    const addresses = resolveServiceAddresses(settings);
    await this.deps.verify(addresses);
    this.current = { ...addresses, demoMode: false };
    this.file.write(addresses);
    return this.get();
  }
}
