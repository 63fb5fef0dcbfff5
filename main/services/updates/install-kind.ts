import { win32 } from 'node:path';
import { MAC_PREFERENCES_DOMAIN } from '../policy/locations';

/**
 * How this copy of the app was installed, which decides who updates it. Read from facts the running
 * process has at hand (no registry, no package database), so it costs nothing at start-up.
 */
export type InstallKind =
  /** `npm start` / `npm run dev`: not packaged. */
  | 'development'
  /** Windows, NSIS into the person's own folder: the app updates itself. */
  | 'nsis-per-user'
  /** Windows, under Program Files (NSIS with /allusers): installed for everyone by IT. */
  | 'windows-per-machine'
  /** Windows, by the MSI (wherever IT put it): deployed and updated by IT. */
  | 'msi'
  /** macOS, dragged from the dmg: the app updates itself. */
  | 'mac-app'
  /** macOS, by the pkg into /Applications (what MDM tools deploy). */
  | 'mac-pkg'
  | 'appimage'
  /** Linux, the deb or rpm under /opt: the system's package manager updates it. */
  | 'linux-package'
  /** Anything else (an unpacked folder, a tar): nothing can replace it safely. */
  | 'other';

/**
 * The file the MSI installs beside the executable (build/msi, scripts/msi-project-created.mjs), holding
 * `msi`. A file rather than a registry value because it belongs to this one install: a machine with
 * the MSI and a person's own NSIS copy must not turn off the updates of the latter. It also needs no
 * `reg.exe` at start-up, and goes when the MSI is uninstalled.
 */
export const MSI_MARKER_FILE = 'install-type';
export const MSI_MARKER_TEXT = 'msi';

/** What electron-builder's deb and rpm targets write into `resources/` (electron-updater reads it too). */
export const PACKAGE_TYPE_FILE = 'package-type';

/** macOS keeps a receipt of every pkg it installed, named after the package identifier (the app id). */
export const MAC_PKG_RECEIPT = `/var/db/receipts/${MAC_PREFERENCES_DOMAIN}.plist`;

export interface InstallFacts {
  platform: string;
  /** Electron's `app.isPackaged`. */
  isPackaged: boolean;
  /** `process.execPath`: the app's executable. */
  execPath: string;
  /** `process.resourcesPath`. */
  resourcesPath: string;
  env: Record<string, string | undefined>;
  /** A small file's text, or undefined when there is none (or it cannot be read). */
  readText(path: string): string | undefined;
  exists(path: string): boolean;
}

/**
 * `name` in the folder `base`, with the separator `base` itself uses: Windows paths from Windows,
 * POSIX paths elsewhere (and in tests that play another OS on this one).
 */
export function joinLike(base: string, name: string): string {
  const separator = base.includes('\\') ? '\\' : '/';
  return `${base.replace(/[\\/]+$/, '')}${separator}${name}`;
}

/** `name` beside the file `path`. */
const besideFile = (path: string, name: string): string =>
  joinLike(path.slice(0, Math.max(path.lastIndexOf('\\'), path.lastIndexOf('/'))), name);

/** Whether `path` lies inside `folder` (Windows: any case, either slash). */
function isInsideWindowsFolder(path: string, folder: string | undefined): boolean {
  if (!folder) return false;
  const relative = win32.relative(win32.normalize(folder), win32.normalize(path));
  return relative !== '' && !relative.startsWith('..') && !win32.isAbsolute(relative);
}

function windowsKind(facts: InstallFacts): InstallKind {
  const marker = facts.readText(besideFile(facts.execPath, MSI_MARKER_FILE));
  if (marker?.trim().toLowerCase() === MSI_MARKER_TEXT) return 'msi';
  const programFolders = [facts.env.ProgramFiles, facts.env.ProgramW6432, facts.env['ProgramFiles(x86)']];
  if (programFolders.some((folder) => isInsideWindowsFolder(facts.execPath, folder))) return 'windows-per-machine';
  return 'nsis-per-user';
}

function macKind(facts: InstallFacts): InstallKind {
  // A later drag-and-drop copy elsewhere (~/Applications) is the person's own and updates itself.
  const inApplications = facts.execPath.startsWith('/Applications/');
  return inApplications && facts.exists(MAC_PKG_RECEIPT) ? 'mac-pkg' : 'mac-app';
}

function linuxKind(facts: InstallFacts): InstallKind {
  // The AppImage runtime sets APPIMAGE to the file it runs from; first, since the deb's package-type
  // file can end up in the AppImage too (both are made from the same unpacked folder).
  if (facts.env.APPIMAGE) return 'appimage';
  const packageType = facts.readText(joinLike(facts.resourcesPath, PACKAGE_TYPE_FILE))?.trim();
  if (packageType === 'deb' || packageType === 'rpm') return 'linux-package';
  return facts.execPath.startsWith('/opt/') ? 'linux-package' : 'other';
}

export function installKind(facts: InstallFacts): InstallKind {
  if (!facts.isPackaged) return 'development';
  switch (facts.platform) {
    case 'win32':
      return windowsKind(facts);
    case 'darwin':
      return macKind(facts);
    case 'linux':
      return linuxKind(facts);
    default:
      return 'other';
  }
}
