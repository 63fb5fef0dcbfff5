/** Checks for the system pieces the tests need, so a missing one stops with the exact install line. */
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';

export const chromiumPath = () => process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export function haveCommand(name) {
  return spawnSync('sh', ['-c', `command -v ${name}`], { stdio: 'ignore' }).status === 0;
}

function haveSharedLibrary(soname) {
  const result = spawnSync('sh', ['-c', `ldconfig -p 2>/dev/null | grep -q '${soname}'`], { stdio: 'ignore' });
  return result.status === 0;
}

/**
 * Debian/Ubuntu packages the test run needs and does not find. `need` picks the groups:
 * keyring (gnome-keyring in a private D-Bus session), browser (Chromium for the harness).
 */
export function missingLinuxPackages(need = { keyring: true, browser: true }) {
  if (process.platform !== 'linux') return [];
  const missing = [];
  if (!haveSharedLibrary('libsecret-1.so.0')) missing.push('libsecret-1-0');
  if (need.keyring) {
    if (!haveCommand('dbus-run-session')) missing.push('dbus');
    if (!haveCommand('gnome-keyring-daemon')) missing.push('gnome-keyring');
  }
  if (need.browser && !existsSync(chromiumPath())) missing.push('chromium');
  return missing;
}

export function explainMissing(packages) {
  return [
    `Missing system packages: ${packages.join(', ')}.`,
    'Install them with:',
    `  sudo apt-get install -y ${packages.join(' ')}`,
  ].join('\n');
}

/** keytar is built from source at install time; without libsecret's headers that fails quietly under some npm settings. */
export function keytarBuilt() {
  return existsSync('node_modules/keytar/build/Release/keytar.node');
}
