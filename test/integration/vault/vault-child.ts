/**
 * One vault scenario in a fresh process, for the fallback tests: libsecret caches its D-Bus
 * connection per process, and a keytar call blocked on an unlock prompt pins a worker thread that
 * even process.exit waits for, so each scenario gets its own process, which the test kills.
 *
 * Usage: node --import tsx vault-child.ts <dataDir> <scenario>
 * Prints one line `RESULT <json>` and then waits to be killed.
 */
import { spawnSync } from 'node:child_process';
import { createLogger } from '../../../main/services/log';
import { Vault } from '../../../main/services/vault';
import { testEncryptor } from '../../support/test-encryptor';

const [dataDir, scenario = 'open'] = process.argv.slice(2);
const probeTimeoutMs = Number(process.env.VAULT_PROBE_TIMEOUT_MS ?? 2000);
const origin = 'https://video.example';
const secret = process.env.VAULT_TEST_SECRET ?? 'child-secret';

async function main(): Promise<Record<string, unknown>> {
  const logs: string[] = [];
  const started = Date.now();
  const vault = await Vault.open({
    dataDir: dataDir as string,
    log: createLogger((level, message, meta) => logs.push(`${level} ${message} ${JSON.stringify(meta)}`)),
    encryptor: testEncryptor({ backend: process.env.VAULT_ENCRYPTOR_BACKEND ?? 'gnome_libsecret' }),
    probeTimeoutMs,
    callTimeoutMs: probeTimeoutMs,
    serviceName: process.env.VAULT_SERVICE ?? 'Video Collab Desktop test',
  });
  const openMs = Date.now() - started;
  const opened = vault.status();
  if (scenario === 'lock-then-save') {
    const lock = spawnSync('gdbus', [
      'call',
      '--session',
      '--dest',
      'org.freedesktop.secrets',
      '--object-path',
      '/org/freedesktop/secrets',
      '--method',
      'org.freedesktop.Secret.Service.Lock',
      "['/org/freedesktop/secrets/collection/login']",
    ]);
    if (lock.status !== 0) throw new Error(`could not lock the collection: ${lock.stderr.toString()}`);
  }
  const changes: unknown[] = [];
  vault.onStatusChange((status) => changes.push(status));
  const saveStarted = Date.now();
  const savedTo = await vault.saveSession(origin, '42', secret);
  const saveMs = Date.now() - saveStarted;
  const loaded = await vault.loadSession(origin, '42');
  return { opened, openMs, savedTo, saveMs, status: vault.status(), changes, loadedBack: loaded === secret, logs };
}

main().then(
  (result) => process.stdout.write(`RESULT ${JSON.stringify(result)}\n`),
  (error: unknown) => process.stdout.write(`RESULT ${JSON.stringify({ error: String(error) })}\n`),
);
