import { existsSync, readFileSync } from 'node:fs';
import { installKind, joinLike, type InstallFacts } from '../updates/install-kind';

/**
 * The file the per-machine MSI installs beside the executable when IT turned start at login on for
 * everyone (START_AT_LOGIN=1, scripts/lib/msi-machine-registration.mjs), next to its HKLM Run value.
 * A file, as for the MSI marker: it belongs to this install and goes when the MSI is uninstalled.
 */
export const MACHINE_LOGIN_ITEM_FILE = 'machine-start-at-login';

/** What the installer registered for everyone on this computer, which the app then leaves alone. */
export interface MachineRegistration {
  /** The `videocollab:` scheme is under HKLM\Software\Classes: no per-user copy, which would outlive an uninstall. */
  urlScheme: boolean;
  /** The app starts at login from HKLM\…\Run: a per-user entry would start it a second time. */
  startAtLogin: boolean;
}

/**
 * Only the Windows MSI registers anything itself; the macOS pkg's scheme comes from the app's
 * Info.plist, which Launch Services reads for every user once the app is in /Applications.
 */
export function machineRegistration(facts: InstallFacts): MachineRegistration {
  if (installKind(facts) !== 'msi') return { urlScheme: false, startAtLogin: false };
  const folder = facts.execPath.slice(0, Math.max(facts.execPath.lastIndexOf('\\'), facts.execPath.lastIndexOf('/')));
  return { urlScheme: true, startAtLogin: facts.exists(joinLike(folder, MACHINE_LOGIN_ITEM_FILE)) };
}

/** `machineRegistration` for this process (Electron's `app.isPackaged`), read from the disk. */
export function machineRegistrationHere(isPackaged: boolean): MachineRegistration {
  return machineRegistration({
    platform: process.platform,
    isPackaged,
    execPath: process.execPath,
    resourcesPath: process.resourcesPath,
    env: process.env,
    readText: (path) => {
      try {
        return readFileSync(path, 'utf8');
      } catch {
        return undefined;
      }
    },
    exists: existsSync,
  });
}
