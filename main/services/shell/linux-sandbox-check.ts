import { readFileSync, statSync } from 'node:fs';
import { dirname, join } from 'node:path';

/**
 * Whether Chromium's sandbox can start on this Linux computer, and what to tell the user and IT when
 * it cannot. Chromium sandboxes with unprivileged user namespaces, or failing that a setuid-root
 * `chrome-sandbox` helper. Ubuntu 23.10+ (AppArmor) allows namespaces only to programs a profile names,
 * and some Debian kernels turn them off; an AppImage cannot use the setuid helper (its files are on a
 * user mount). Chromium then aborts before any of our code runs, so electron-builder's AppImage
 * launcher tests `unshare -Ur true` and, when that fails, quietly adds `--no-sandbox`. Our code does
 * run in that case: this module says so out loud, with the remedy, instead of running unprotected in
 * silence. `--check-sandbox` prints the same text for IT.
 */

export const CHECK_SANDBOX_SWITCH = '--check-sandbox';
const APP = 'Video Collab Desktop';
const PROFILE = 'videocollab-desktop';

/** What can be read without privileges, each missing where the file or variable does not exist. */
export interface LinuxSandboxFacts {
  platform: NodeJS.Platform;
  /** The AppImage file the app runs from (`$APPIMAGE`), if it runs from one. */
  appImagePath?: string;
  /** The app's executable (`process.execPath`). */
  executablePath: string;
  /** `/proc/sys/kernel/apparmor_restrict_unprivileged_userns`: `1` where AppArmor restricts namespaces. */
  apparmorRestrictsUserns?: string;
  /** `/proc/sys/kernel/unprivileged_userns_clone` (Debian kernels): `0` where namespaces are off. */
  usernsClone?: string;
  /** This process's AppArmor label (`/proc/self/attr/apparmor/current`): `unconfined`, or a profile. */
  apparmorLabel?: string;
  /** The `chrome-sandbox` helper beside the executable, if present. */
  chromeSandbox?: { uid: number; mode: number };
  /** Chromium's sandbox was switched off for this run (`--no-sandbox`). */
  sandboxSwitchedOff: boolean;
}

/** Why Chromium's sandbox cannot start here, if it cannot. */
export type SandboxBlock = 'apparmor' | 'userns-off';

export interface SandboxReport {
  /** False when this run has no sandbox. */
  sandboxed: boolean;
  /** Why the sandbox cannot start on this computer (undefined: it can, or this is not Linux). */
  block?: SandboxBlock;
  /** For the user and IT; undefined when there is nothing to say. */
  message?: string;
}

/** Why Chromium would abort here without `--no-sandbox`, from the facts alone. */
export function sandboxBlock(facts: LinuxSandboxFacts): SandboxBlock | undefined {
  if (facts.platform !== 'linux') return undefined;
  const helper = facts.chromeSandbox;
  // A setuid-root helper works where namespaces do not, except inside an AppImage's user mount.
  if (!facts.appImagePath && helper && helper.uid === 0 && (helper.mode & 0o4000) !== 0) return undefined;
  if (facts.usernsClone === '0') return 'userns-off';
  const confined = facts.apparmorLabel !== undefined && !facts.apparmorLabel.startsWith('unconfined');
  // A profile that names the app (the .deb installs one) is what grants namespaces under the restriction.
  if (facts.apparmorRestrictsUserns === '1' && !confined) return 'apparmor';
  return undefined;
}

/** What this run should tell the user (shown at start) or IT (`--check-sandbox`). */
export function linuxSandboxReport(facts: LinuxSandboxFacts): SandboxReport {
  if (facts.platform !== 'linux') return { sandboxed: true };
  const block = sandboxBlock(facts);
  // Without --no-sandbox our code runs only if the sandbox started: Chromium aborts before it otherwise.
  if (!facts.sandboxSwitchedOff) return { sandboxed: true, ...(block ? { block } : {}) };
  if (!block) {
    return {
      sandboxed: false,
      message:
        `${APP} was started with --no-sandbox, but Chromium's sandbox works on this computer. ` +
        'Remove --no-sandbox from the shortcut or command that starts it.',
    };
  }
  return { sandboxed: false, block, message: blockedMessage(facts, block) };
}

function blockedMessage(facts: LinuxSandboxFacts, block: SandboxBlock): string {
  const opening =
    `${APP} is running without Chromium's sandbox, which keeps a harmful web page from reaching ` +
    "your files if it ever broke through the app's other defences.";
  if (block === 'userns-off') {
    return [
      opening,
      "This computer's kernel does not let ordinary programs create user namespaces " +
        '(kernel.unprivileged_userns_clone = 0), which the sandbox needs.',
      "What IT can do: install the .deb package instead of the AppImage; it sets up Chromium's " +
        'setuid sandbox helper, which works without user namespaces.',
    ].join('\n\n');
  }
  const target = facts.appImagePath ?? facts.executablePath;
  const name = facts.appImagePath ? `${PROFILE}-appimage` : PROFILE;
  return [
    opening,
    "This computer's AppArmor settings (Ubuntu 23.10 and later) let only programs named in an " +
      'AppArmor profile create the user namespaces the sandbox needs, and no profile names this app.',
    'What IT can do (either one):',
    facts.appImagePath
      ? '1. Install the .deb package instead of the AppImage: it installs and loads an AppArmor profile for the app.'
      : '1. Reinstall the .deb package: its installer installs and loads the AppArmor profile.',
    `2. Add a profile for ${target} with these commands, then restart the app:`,
    profileCommands(name, target),
    facts.appImagePath
      ? 'The profile names that one file: after moving or renaming the AppImage, change the path in it.'
      : 'The profile names that one file.',
    'Turning the restriction off for the whole computer (kernel.apparmor_restrict_unprivileged_userns=0) ' +
      'also works, but weakens it for every program, so we do not recommend it.',
  ].join('\n\n');
}

/** The shell lines that install and load a profile granting user namespaces to one file. */
function profileCommands(name: string, target: string): string {
  return [
    `sudo tee /etc/apparmor.d/${name} >/dev/null <<'EOF'`,
    'abi <abi/4.0>,',
    'include <tunables/global>',
    '',
    `profile ${name} "${target.replaceAll('"', '\\"')}" flags=(unconfined) {`,
    '  userns,',
    `  include if exists <local/${name}>`,
    '}',
    'EOF',
    `sudo apparmor_parser -r /etc/apparmor.d/${name}`,
  ].join('\n');
}

/** What `--check-sandbox` prints, and its exit code (0: the sandbox can run here). */
export function checkSandboxOutput(facts: LinuxSandboxFacts): { text: string; exitCode: number } {
  const report = linuxSandboxReport(facts);
  if (report.message) return { text: report.message, exitCode: 1 };
  if (facts.platform !== 'linux') return { text: "Chromium's sandbox check is only needed on Linux.", exitCode: 0 };
  return { text: "Chromium's sandbox works on this computer.", exitCode: 0 };
}

/** Where the facts come from; the defaults are this process and its file system. */
export interface FactSources {
  platform?: NodeJS.Platform;
  env?: NodeJS.ProcessEnv;
  execPath?: string;
  /** A file's text, or undefined when it cannot be read. */
  readText?: (path: string) => string | undefined;
  /** A file's owner and mode, or undefined when it does not exist. */
  stat?: (path: string) => { uid: number; mode: number } | undefined;
}

const readTextFile = (path: string): string | undefined => {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
};

const statFile = (path: string): { uid: number; mode: number } | undefined => {
  try {
    const { uid, mode } = statSync(path);
    return { uid, mode };
  } catch {
    return undefined;
  }
};

/** The facts of this run. `sandboxSwitchedOff` comes from Electron's command line (`--no-sandbox`). */
export function readLinuxSandboxFacts(sandboxSwitchedOff: boolean, sources: FactSources = {}): LinuxSandboxFacts {
  const { platform = process.platform, env = process.env, execPath = process.execPath } = sources;
  const read = (path: string): string | undefined =>
    (sources.readText ?? readTextFile)(path)?.replace(/\0/g, '').trim();
  const chromeSandbox = (sources.stat ?? statFile)(join(dirname(execPath), 'chrome-sandbox'));
  return {
    platform,
    ...(env.APPIMAGE ? { appImagePath: env.APPIMAGE } : {}),
    executablePath: execPath,
    apparmorRestrictsUserns: read('/proc/sys/kernel/apparmor_restrict_unprivileged_userns'),
    usernsClone: read('/proc/sys/kernel/unprivileged_userns_clone'),
    // Newer kernels keep AppArmor's label under attr/apparmor/; older ones only in attr/current.
    apparmorLabel: read('/proc/self/attr/apparmor/current') ?? read('/proc/self/attr/current'),
    chromeSandbox,
    sandboxSwitchedOff,
  };
}
