import { join } from 'node:path';
import { Vault } from '../../../main/services/vault';
import type { Logger } from '../../../main/services/log';

/**
 * The real vault over the real OS keychain (in `npm test`, the private gnome-keyring session that
 * scripts/with-keyring.mjs starts). Reopening it on the same data folder is what a restart does.
 * `withoutKeychain` loads keytar as a machine without libsecret would: the module is missing.
 */
export function openHarnessVault(dataFolder: string, log: Logger, withoutKeychain = false): Promise<Vault> {
  return Vault.open({
    dataDir: join(dataFolder, 'vault'),
    log,
    ...(withoutKeychain
      ? {
          keytarLoader: async () => {
            throw new Error("Cannot find module 'keytar'");
          },
        }
      : {}),
  });
}
