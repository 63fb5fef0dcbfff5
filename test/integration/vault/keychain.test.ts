import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createLogger } from '../../../main/services/log';
import { Vault, type VaultOptions } from '../../../main/services/vault';
import { bytesUnder, hasCommands, tempFolder } from './scenario';
import { testEncryptor } from '../../support/test-encryptor';

/** Our own service name, so the test never touches the app's real items in a user's keychain. */
const service = `Video Collab Desktop test ${process.pid}`;
const logs: string[] = [];
const encryptor = testEncryptor();

function options(dataDir: string): VaultOptions {
  return {
    dataDir,
    log: createLogger((level, message, meta) => logs.push(`${level} ${message} ${JSON.stringify(meta)}`)),
    encryptor,
    serviceName: service,
    probeTimeoutMs: 5000,
  };
}

/** What `secret-tool` (libsecret's own CLI, outside our code) finds in the keychain. */
function lookup(serviceName: string, account: string): string | undefined {
  const result = spawnSync('secret-tool', ['lookup', 'service', serviceName, 'account', account], { encoding: 'utf8' });
  return result.status === 0 ? result.stdout : undefined;
}

const probeDir = tempFolder('vault-keychain-probe-');
const probe = await Vault.open(options(probeDir));
const keychain = probe.status().backend === 'keychain';
const secretTool = hasCommands('secret-tool');
const skipWhy = !keychain
  ? `no usable keychain here (${probe.status().keychainProblem}); run through node scripts/with-keyring.mjs`
  : !secretTool
    ? 'secret-tool is missing (sudo apt-get install libsecret-tools)'
    : undefined;
if (skipWhy) console.warn(`vault keychain tests skipped: ${skipWhy}`);

/** Where gnome-keyring keeps its files in the private session with-keyring starts (encrypted there). */
const keyringFiles = process.env.XDG_DATA_HOME ? join(process.env.XDG_DATA_HOME, 'keyrings') : undefined;

describe.skipIf(skipWhy !== undefined)('vault against the real Secret Service', () => {
  const origin = 'http://127.0.0.1:4010';
  const cleanUp: Array<() => Promise<void>> = [];

  afterAll(async () => {
    for (const step of cleanUp) await step();
    expect(logs.join('\n')).not.toMatch(/keychain-test-secret|eyJ/);
  });

  it('keeps the secret in the keychain (secret-tool finds it) and nowhere in the data folder', async () => {
    const dataDir = tempFolder('vault-keychain-');
    const vault = await Vault.open(options(dataDir));
    cleanUp.push(() => vault.deleteSession(origin, '42'));
    const secret = `keychain-test-secret-${Date.now()}`;

    expect(await vault.saveSession(origin, '42', secret)).toBe('keychain');
    expect(lookup(service, `${origin}|42`)).toBe(secret);
    expect(bytesUnder(dataDir)).not.toContain(secret);
    if (keyringFiles && existsSync(keyringFiles)) expect(bytesUnder(keyringFiles)).not.toContain(secret);

    // The next start of the app: the same account, without signing in again.
    const restarted = await Vault.open(options(dataDir));
    expect(await restarted.lastAccount(origin)).toBe('42');
    expect(await restarted.loadSession(origin, '42')).toBe(secret);

    await restarted.deleteSession(origin, '42');
    expect(lookup(service, `${origin}|42`)).toBeUndefined();
    expect(await restarted.lastAccount(origin)).toBeUndefined();
  });

  it('keeps two services apart for the same user', async () => {
    const dataDir = tempFolder('vault-keychain-two-');
    const vault = await Vault.open(options(dataDir));
    const other = 'https://video.school.example';
    cleanUp.push(
      () => vault.deleteSession(origin, '7'),
      () => vault.deleteSession(other, '7'),
    );

    await vault.saveSession(origin, '7', 'keychain-test-secret-sandbox');
    await vault.saveSession(other, '7', 'keychain-test-secret-school');
    expect(lookup(service, `${origin}|7`)).toBe('keychain-test-secret-sandbox');
    expect(lookup(service, `${other}|7`)).toBe('keychain-test-secret-school');
    await vault.deleteSession(other, '7');
    expect(await vault.loadSession(origin, '7')).toBe('keychain-test-secret-sandbox');
  });

  it('round-trips a token over 2.5 KB: the key in the keychain, only ciphertext on disk', async () => {
    const dataDir = tempFolder('vault-keychain-large-');
    const vault = await Vault.open(options(dataDir));
    cleanUp.push(() => vault.deleteSession(origin, '42-large'));
    const large = `eyJ${Buffer.from('x'.repeat(3000)).toString('base64url')}.keychain-test-secret`;
    expect(Buffer.byteLength(large)).toBeGreaterThan(2560);

    expect(await vault.saveSession(origin, '42-large', large)).toBe('keychain');
    expect(lookup(service, `${origin}|42-large`)).toBeUndefined();
    expect(Buffer.from(lookup(`${service} (keys)`, `${origin}|42-large`) ?? '', 'base64')).toHaveLength(32);
    expect(readdirSync(join(dataDir, 'wrapped'))).toHaveLength(1);
    expect(bytesUnder(dataDir)).not.toContain(large.slice(0, 200));
    if (keyringFiles && existsSync(keyringFiles)) expect(bytesUnder(keyringFiles)).not.toContain(large.slice(0, 200));

    expect(await (await Vault.open(options(dataDir))).loadSession(origin, '42-large')).toBe(large);
    await vault.deleteSession(origin, '42-large');
    expect(lookup(`${service} (keys)`, `${origin}|42-large`)).toBeUndefined();
    expect(readdirSync(join(dataDir, 'wrapped'))).toEqual([]);
  });

  it('moves a sign-in saved to the encrypted file while the keychain was away into the keychain', async () => {
    const dataDir = tempFolder('vault-keychain-move-');
    const failing = await Vault.open({
      ...options(dataDir),
      keytarLoader: async () => {
        throw new Error('keychain unavailable in this run');
      },
    });
    expect(await failing.saveSession(origin, '9', 'keychain-test-secret-moved')).toBe('encrypted-file');

    const vault = await Vault.open(options(dataDir));
    cleanUp.push(() => vault.deleteSession(origin, '9'));
    expect(await vault.loadSession(origin, '9')).toBe('keychain-test-secret-moved');
    expect(lookup(service, `${origin}|9`)).toBe('keychain-test-secret-moved');
    expect(readdirSync(join(dataDir, 'secrets'))).toEqual([]);
  });
});
