import { mkdtempSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EncryptedFileSecretStore } from '../../../../../main/services/vault/encrypted-file-store';
import { MemorySecretStore } from '../../../../../main/services/vault/memory-store';
import { testEncryptor } from '../../../../support/test-encryptor';

const account = 'https://video.example|42';

function tempDir(): string {
  return join(mkdtempSync(join(tmpdir(), 'vault-file-')), 'secrets');
}

describe('encrypted file store', () => {
  it('keeps the secret encrypted in one owner-only file per account, and reads it back', async () => {
    const dir = tempDir();
    const store = new EncryptedFileSecretStore(testEncryptor(), dir, 'linux');
    await store.set(account, 'refresh-token-value');
    const files = readdirSync(dir);
    expect(files).toHaveLength(1);
    const path = join(dir, files[0] as string);
    expect(readFileSync(path).includes('refresh-token-value')).toBe(false);
    expect(files[0]).not.toContain('video.example');
    if (process.platform !== 'win32') expect(statSync(path).mode & 0o777).toBe(0o600);
    expect(await store.get(account)).toBe('refresh-token-value');
    expect(await store.get('https://video.example|43')).toBeNull();
  });

  it('leaves no temporary files behind after replacing a secret', async () => {
    const dir = tempDir();
    const store = new EncryptedFileSecretStore(testEncryptor(), dir, 'linux');
    await store.set(account, 'one');
    await store.set(account, 'two');
    expect(readdirSync(dir)).toHaveLength(1);
    expect(await store.get(account)).toBe('two');
    expect(await store.delete(account)).toBe(true);
    expect(readdirSync(dir)).toEqual([]);
    expect(await store.delete(account)).toBe(false);
  });

  it("refuses Linux's basic_text backend (a fixed key) and an unavailable encryptor", () => {
    expect(() => new EncryptedFileSecretStore(testEncryptor({ backend: 'basic_text' }), tempDir(), 'linux')).toThrow(
      expect.objectContaining({ problem: 'basic-text' }),
    );
    expect(() => new EncryptedFileSecretStore(testEncryptor({ available: false }), tempDir(), 'darwin')).toThrow(
      expect.objectContaining({ problem: 'encryption-unavailable' }),
    );
  });

  it('reports a file it cannot decrypt (e.g. the OS key changed) as an encryption problem', async () => {
    const dir = tempDir();
    await new EncryptedFileSecretStore(testEncryptor(), dir, 'linux').set(account, 'secret');
    const otherKey = new EncryptedFileSecretStore(testEncryptor(), dir, 'linux');
    await expect(otherKey.get(account)).rejects.toMatchObject({ problem: 'encryption-error' });
  });
});

describe('memory store', () => {
  it('keeps secrets for this session only, per account', async () => {
    const store = new MemorySecretStore();
    await store.set('a', '1');
    await store.set('b', '2');
    expect(await store.get('a')).toBe('1');
    expect(await store.delete('a')).toBe(true);
    expect(await store.get('a')).toBeNull();
    expect(await new MemorySecretStore().get('b')).toBeNull();
  });
});
