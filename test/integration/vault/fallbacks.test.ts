import { readdirSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  bytesUnder,
  hasCommands,
  LOCK_LOGIN_COLLECTION,
  privateKeyringSession,
  runVaultChild,
  tempFolder,
  type ChildResult,
} from './scenario';

const secret = `fallback-secret-${process.pid}-${Date.now()}`;
const probeTimeoutMs = 1500;
/** Process start-up and scheduling on a shared two-core machine; the bound is about hanging, not speed. */
const marginMs = 1500;

function withoutBus(extra: NodeJS.ProcessEnv = {}): NodeJS.ProcessEnv {
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    VAULT_TEST_SECRET: secret,
    VAULT_PROBE_TIMEOUT_MS: String(probeTimeoutMs),
    ...extra,
  };
  delete env.DISPLAY;
  return env;
}

function expectNoSecretIn(dataDir: string, result: ChildResult): void {
  expect(bytesUnder(dataDir)).not.toContain(secret);
  expect(result.logs.join('\n')).not.toContain(secret);
}

const linux = process.platform === 'linux';
if (!linux) console.warn('vault fallbacks skipped: the scenarios are those of the Secret Service on Linux');
const keyringTools = linux && hasCommands('dbus-run-session', 'gnome-keyring-daemon', 'gdbus');
if (linux && !keyringTools) {
  console.warn('vault fallbacks: dbus-run-session, gnome-keyring-daemon or gdbus missing; keyring scenarios skipped');
}

describe.skipIf(!linux)('vault fallbacks (real keytar and libsecret, each scenario in its own process)', () => {
  it('without a D-Bus session, keeps the sign-in in an OS-encrypted file and says why', async () => {
    const dataDir = tempFolder('vault-nobus-');
    const result = await runVaultChild({
      dataDir,
      env: withoutBus({ DBUS_SESSION_BUS_ADDRESS: 'unix:path=/nonexistent' }),
    });
    expect(result.error).toBeUndefined();
    expect(result.status).toMatchObject({
      backend: 'encrypted-file',
      persistent: true,
      keychainProblem: 'no-session-bus',
    });
    expect(result.status.reason).toMatch(/No desktop session/);
    expect(result.savedTo).toBe('encrypted-file');
    expect(result.loadedBack).toBe(true);
    expect(readdirSync(join(dataDir, 'secrets'))).toHaveLength(1);
    expectNoSecretIn(dataDir, result);
  });

  it('without D-Bus and without a display (libsecret cannot autolaunch), on basic_text, keeps it in memory only', async () => {
    const env = withoutBus({ VAULT_ENCRYPTOR_BACKEND: 'basic_text' });
    delete env.DBUS_SESSION_BUS_ADDRESS;
    const dataDir = tempFolder('vault-basic-');
    const result = await runVaultChild({ dataDir, env });
    expect(result.status).toMatchObject({
      backend: 'memory',
      persistent: false,
      keychainProblem: 'no-session-bus',
      fileProblem: 'basic-text',
    });
    expect(result.status.reason).toMatch(/until you quit/);
    expect(result.loadedBack).toBe(true);
    expectNoSecretIn(dataDir, result);
  });

  it.skipIf(!keyringTools)(
    'with a locked collection, falls back with a "locked" reason within the probe timeout',
    async () => {
      const dataDir = tempFolder('vault-locked-');
      const session = privateKeyringSession(LOCK_LOGIN_COLLECTION);
      const result = await runVaultChild({
        dataDir,
        env: { ...session.env, VAULT_TEST_SECRET: secret, VAULT_PROBE_TIMEOUT_MS: String(probeTimeoutMs) },
        wrap: session.wrap,
      });
      expect(result.error).toBeUndefined();
      expect(result.status).toMatchObject({ backend: 'encrypted-file', keychainProblem: 'locked' });
      expect(result.status.reason).toMatch(/keychain is locked/);
      expect(result.openMs).toBeLessThan(probeTimeoutMs + marginMs);
      expect(result.loadedBack).toBe(true);
      expectNoSecretIn(dataDir, result);
    },
  );

  it.skipIf(!keyringTools)(
    'with an unlock prompt nobody answers, gives up at the probe timeout instead of hanging',
    async () => {
      const dataDir = tempFolder('vault-prompt-');
      const session = privateKeyringSession(LOCK_LOGIN_COLLECTION, { neverAnsweringPrompter: true });
      const result = await runVaultChild({
        dataDir,
        env: { ...session.env, VAULT_TEST_SECRET: secret, VAULT_PROBE_TIMEOUT_MS: String(probeTimeoutMs) },
        wrap: session.wrap,
      });
      expect(result.error).toBeUndefined();
      expect(result.status).toMatchObject({ backend: 'encrypted-file', keychainProblem: 'timeout' });
      expect(result.openMs).toBeGreaterThanOrEqual(probeTimeoutMs - 50);
      expect(result.openMs).toBeLessThan(probeTimeoutMs + marginMs);
      expect(result.saveMs).toBeLessThan(marginMs);
      expect(result.loadedBack).toBe(true);
      expectNoSecretIn(dataDir, result);
    },
  );

  it.skipIf(!keyringTools)(
    'when the keychain locks after start-up, the next save falls back, and the status and listeners say so',
    async () => {
      const dataDir = tempFolder('vault-locklater-');
      const session = privateKeyringSession('true');
      const result = await runVaultChild({
        dataDir,
        scenario: 'lock-then-save',
        env: { ...session.env, VAULT_TEST_SECRET: secret, VAULT_PROBE_TIMEOUT_MS: String(probeTimeoutMs) },
        wrap: session.wrap,
      });
      expect(result.error).toBeUndefined();
      expect(result.opened.backend).toBe('keychain');
      expect(result.savedTo).toBe('encrypted-file');
      expect(result.status).toMatchObject({ backend: 'encrypted-file', keychainProblem: 'locked' });
      expect(result.changes).toEqual([expect.objectContaining({ backend: 'encrypted-file' })]);
      expect(result.loadedBack).toBe(true);
      expectNoSecretIn(dataDir, result);
    },
  );
});
