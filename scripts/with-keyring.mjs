#!/usr/bin/env node
/**
 * Runs a command where the OS keychain works. On Linux, if no usable Secret Service is reachable
 * (no D-Bus session, or a locked or missing keyring), it starts a private D-Bus session with an
 * unlocked gnome-keyring in a temporary folder, so tests exercise the real keychain without
 * touching the user's own. Elsewhere it runs the command as it is.
 *
 * Usage: node scripts/with-keyring.mjs <command> [args...]
 */
import { spawn, spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { explainMissing, keytarBuilt, missingLinuxPackages } from './lib/system.mjs';

const command = process.argv.slice(2);
if (command.length === 0) {
  console.error('usage: node scripts/with-keyring.mjs <command> [args...]');
  process.exit(2);
}

function run(cmd, args, env = process.env) {
  const child = spawn(cmd, args, { stdio: 'inherit', env });
  const forward = (signal) => child.kill(signal);
  process.on('SIGINT', forward);
  process.on('SIGTERM', forward);
  return new Promise((resolve) => child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0))));
}

/** Writes, reads and deletes a probe secret through keytar, with a timeout (an unlock prompt can block). */
function keyringUsable() {
  if (!process.env.DBUS_SESSION_BUS_ADDRESS || !keytarBuilt()) return false;
  const probe = `
    const keytar = require('keytar');
    const service = 'videocollab-probe', account = 'probe-' + process.pid;
    keytar.setPassword(service, account, 'x')
      .then(() => keytar.getPassword(service, account))
      .then((v) => keytar.deletePassword(service, account).then(() => process.exit(v === 'x' ? 0 : 1)))
      .catch(() => process.exit(1));`;
  const result = spawnSync(process.execPath, ['-e', probe], { stdio: 'ignore', timeout: 5000 });
  return result.status === 0;
}

let code;
if (process.platform !== 'linux' || process.env.VC_KEYRING_SESSION === '1' || keyringUsable()) {
  code = await run(command[0], command.slice(1));
} else {
  const missing = missingLinuxPackages({ keyring: true, browser: false });
  if (missing.length > 0) {
    console.error(explainMissing(missing));
    process.exit(1);
  }
  const home = mkdtempSync(join(tmpdir(), 'vc-keyring-'));
  mkdirSync(join(home, 'run'), { mode: 0o700 });
  // gnome-keyring keeps its files under XDG_DATA_HOME; a temporary one leaves the user's keyrings alone.
  const script =
    'printf %s "$VC_KEYRING_PASSWORD" | gnome-keyring-daemon --unlock --components=secrets >/dev/null 2>&1 || exit 97; exec "$@"';
  console.error('with-keyring: no usable keychain; starting a private D-Bus session with an unlocked gnome-keyring.');
  code = await run('dbus-run-session', ['--', 'sh', '-c', script, 'sh', ...command], {
    ...process.env,
    VC_KEYRING_SESSION: '1',
    VC_KEYRING_PASSWORD: 'test-keyring-password',
    XDG_DATA_HOME: join(home, 'data'),
    // Without it gnome-keyring leaves keyring-XXXXXX folders in ~/.cache.
    XDG_RUNTIME_DIR: join(home, 'run'),
  });
  rmSync(home, { recursive: true, force: true });
  if (code === 97) console.error('with-keyring: gnome-keyring-daemon could not be started and unlocked.');
}
process.exit(code);
