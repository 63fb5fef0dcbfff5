import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createLogger } from '../../../../../main/services/log';
import { Vault, type VaultOptions, type VaultStatus } from '../../../../../main/services/vault';
import { FakeKeytar, LOCKED, NO_DBUS } from './fake-keytar';
import { testEncryptor } from '../../../../support/test-encryptor';

const origin = 'https://video.example';
const token = 'refresh-0123456789abcdef';

function setup(overrides: Partial<VaultOptions> = {}) {
  const keytar = new FakeKeytar();
  const lines: string[] = [];
  const dataDir = join(mkdtempSync(join(tmpdir(), 'vault-')), 'vault');
  const options: VaultOptions = {
    dataDir,
    log: createLogger((level, message, meta) => lines.push(`${level} ${message} ${JSON.stringify(meta)}`)),
    keytarLoader: async () => keytar,
    encryptor: testEncryptor(),
    probeTimeoutMs: 200,
    callTimeoutMs: 200,
    platform: 'linux',
    ...overrides,
  };
  return { keytar, lines, dataDir, options, open: () => Vault.open(options) };
}

/** Every byte under a folder, to prove a secret is not in it. */
function allBytes(dir: string): string {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => readFileSync(join(entry.parentPath, entry.name), 'latin1'))
    .join('\n');
}

describe('vault: choosing where sign-ins are kept', () => {
  it('uses the keychain when the probe works, and says nothing more', async () => {
    const { open, keytar } = setup();
    const vault = await open();
    expect(vault.status()).toEqual({ backend: 'keychain', persistent: true });
    expect(keytar.items.size).toBe(0); // the probe item is gone
  });

  it('falls back to the encrypted file without D-Bus, explaining why and what to install', async () => {
    const { open, keytar } = setup();
    keytar.failWith = NO_DBUS;
    const status = (await open()).status();
    expect(status).toMatchObject({ backend: 'encrypted-file', persistent: true, keychainProblem: 'no-session-bus' });
    expect(status.reason).toMatch(/No desktop session .* file encrypted by the operating system/);
    expect(status.advice).toContain('sudo apt-get install gnome-keyring libsecret-1-0');
  });

  it('falls back when the keychain module cannot be loaded (not a crash)', async () => {
    const { open } = setup({
      keytarLoader: async () => {
        throw new Error('Cannot find module keytar.node');
      },
    });
    expect((await open()).status()).toMatchObject({
      backend: 'encrypted-file',
      keychainProblem: 'keychain-module-missing',
    });
  });

  it('falls back within the probe timeout when the keychain hangs on an unlock prompt', async () => {
    const { open, keytar } = setup({ probeTimeoutMs: 100 });
    keytar.hang = true;
    const started = Date.now();
    const status = (await open()).status();
    expect(Date.now() - started).toBeLessThan(100 + 1000);
    expect(status).toMatchObject({ backend: 'encrypted-file', keychainProblem: 'timeout' });
    expect(status.advice).toMatch(/unlock prompt/);
  });

  it('keeps sign-ins in memory only, saying so, when Linux offers only basic_text', async () => {
    const { open, keytar } = setup({ encryptor: testEncryptor({ backend: 'basic_text' }) });
    keytar.failWith = LOCKED;
    const status = (await open()).status();
    expect(status).toMatchObject({
      backend: 'memory',
      persistent: false,
      keychainProblem: 'locked',
      fileProblem: 'basic-text',
    });
    expect(status.reason).toMatch(/locked.*fixed key.*until you quit/);
    expect(status.advice).toMatch(/Unlock your login keyring/);
  });

  it('keeps sign-ins in memory without an encryptor (plain Node)', async () => {
    const { open, keytar } = setup({ encryptor: undefined });
    keytar.failWith = NO_DBUS;
    expect((await open()).status()).toMatchObject({
      backend: 'memory',
      persistent: false,
      fileProblem: 'no-encryptor',
    });
  });

  it('gives advice in the words of each operating system', async () => {
    for (const [platform, words] of [
      ['darwin', /Keychain Access/],
      ['win32', /Credential Manager/],
    ] as const) {
      const { open, keytar } = setup({ platform });
      keytar.failWith = LOCKED;
      expect((await open()).status().advice).toMatch(words);
    }
  });
});

describe('vault: saving, loading and deleting sign-ins', () => {
  it('keeps the secret in the keychain under origin|user, and nowhere on disk', async () => {
    const { open, keytar, dataDir } = setup();
    const vault = await open();
    expect(await vault.saveSession(`${origin}/api/`, '42', token)).toBe('keychain');
    expect(keytar.items.get(`Video Collab Desktop/${origin}|42`)).toBe(token);
    expect(await vault.loadSession(origin, '42')).toBe(token);
    expect(allBytes(dataDir)).not.toContain(token);
  });

  it('keeps two services apart, and remembers the last user per service (never the token)', async () => {
    const { open, dataDir } = setup();
    const vault = await open();
    await vault.saveSession('https://a.example', '42', 'token-a');
    await vault.saveSession('https://b.example', '42', 'token-b');
    expect(await vault.loadSession('https://a.example', '42')).toBe('token-a');
    expect(await vault.loadSession('https://b.example', '42')).toBe('token-b');
    expect(await vault.lastAccount('https://a.example/')).toBe('42');
    await vault.deleteSession('https://a.example', '42');
    expect(await vault.loadSession('https://a.example', '42')).toBeUndefined();
    expect(await vault.lastAccount('https://a.example')).toBeUndefined();
    expect(await vault.lastAccount('https://b.example')).toBe('42');
    const index = readFileSync(join(dataDir, 'accounts.json'), 'utf8');
    expect(index).not.toContain('token-');
    if (process.platform !== 'win32') expect(statSync(join(dataDir, 'accounts.json')).mode & 0o777).toBe(0o600);
  });

  it('falls back for the save that finds the keychain locked, tells listeners, and keeps using the fallback', async () => {
    const { open, keytar, dataDir } = setup();
    const vault = await open();
    const changes: VaultStatus[] = [];
    vault.onStatusChange((status) => changes.push(status));
    keytar.failWith = LOCKED;
    expect(await vault.saveSession(origin, '42', token)).toBe('encrypted-file');
    expect(vault.status()).toMatchObject({ backend: 'encrypted-file', keychainProblem: 'locked' });
    expect(changes).toHaveLength(1);
    expect(changes[0]?.reason).toMatch(/locked/);
    expect(await vault.loadSession(origin, '42')).toBe(token);
    expect(allBytes(dataDir)).not.toContain(token);
  });

  it('moves a secret saved to the file while the keychain was away into the keychain, leaving no copy', async () => {
    const encryptor = testEncryptor();
    const first = setup({ encryptor });
    first.keytar.failWith = NO_DBUS;
    await (await first.open()).saveSession(origin, '42', token);
    expect(readdirSync(join(first.dataDir, 'secrets'))).toHaveLength(1);

    first.keytar.failWith = undefined; // next start: the keychain works again
    const vault = await Vault.open(first.options);
    expect(await vault.loadSession(origin, '42')).toBe(token);
    expect(first.keytar.items.get(`Video Collab Desktop/${origin}|42`)).toBe(token);
    expect(readdirSync(join(first.dataDir, 'secrets'))).toEqual([]);
    expect(await vault.loadSession(origin, '42')).toBe(token);
  });

  it('never brings back an older copy stranded in the keychain while it was locked', async () => {
    const { open, keytar, options } = setup();
    await (await open()).saveSession(origin, '42', 'old-refresh-token');
    keytar.failWith = LOCKED; // locked at the next start: the new token goes to the file
    await (await Vault.open(options)).saveSession(origin, '42', 'new-refresh-token');
    keytar.failWith = undefined; // unlocked at the start after
    const vault = await Vault.open(options);
    expect(await vault.loadSession(origin, '42')).toBe('new-refresh-token');
    expect(keytar.items.get(`Video Collab Desktop/${origin}|42`)).toBe('new-refresh-token');
  });

  it('does not restore an older keychain copy once a later run kept the session in memory only', async () => {
    const { open, keytar, options } = setup({ encryptor: undefined });
    await (await open()).saveSession(origin, '42', 'old-refresh-token');
    keytar.failWith = LOCKED; // next run: keychain locked, no encryptor, so memory only
    await (await Vault.open(options)).saveSession(origin, '42', 'new-refresh-token');
    keytar.failWith = undefined; // the run after: the memory copy died with its run
    expect(await (await Vault.open(options)).loadSession(origin, '42')).toBeUndefined();
  });

  it('wraps a token over the limit: key in the keychain, ciphertext in the data folder', async () => {
    const { open, keytar, dataDir } = setup();
    const vault = await open();
    const large = `eyJ${'a'.repeat(4000)}`;
    expect(await vault.saveSession(origin, '42', large)).toBe('keychain');
    expect(keytar.items.get(`Video Collab Desktop/${origin}|42`)).toBeUndefined();
    expect(keytar.items.get(`Video Collab Desktop (keys)/${origin}|42`)).toHaveLength(44);
    expect(allBytes(dataDir)).not.toContain('aaaaaaaa');
    expect(await vault.loadSession(origin, '42')).toBe(large);
    await vault.deleteSession(origin, '42');
    expect(keytar.items.size).toBe(0);
    expect(readdirSync(join(dataDir, 'wrapped'))).toEqual([]);
  });

  it('never writes a secret to the log, whatever fails', async () => {
    const { open, keytar, lines } = setup();
    const vault = await open();
    await vault.saveSession(origin, '42', token);
    keytar.failWith = LOCKED;
    await vault.saveSession(origin, '42', `${token}-2`);
    await vault.loadSession(origin, '42');
    expect(lines.length).toBeGreaterThan(0);
    expect(lines.join('\n')).not.toContain(token);
  });
});
