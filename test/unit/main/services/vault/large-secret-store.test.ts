import { mkdtempSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { beforeEach, describe, expect, it } from 'vitest';
import { LargeSecretStore } from '../../../../../main/services/vault/large-secret-store';
import { MemorySecretStore } from '../../../../../main/services/vault/memory-store';
import { accountFile } from '../../../../../main/services/vault/private-files';

const account = 'https://video.example|42';
const bigToken = `big-${'x'.repeat(3000)}-token`;

function filesIn(dir: string): string[] {
  try {
    return readdirSync(dir).map((name) => join(dir, name));
  } catch {
    return [];
  }
}

describe('large secrets (over the Windows credential limit)', () => {
  let dir: string;
  let values: MemorySecretStore;
  let keys: MemorySecretStore;
  let store: LargeSecretStore;

  beforeEach(() => {
    dir = join(mkdtempSync(join(tmpdir(), 'vault-large-')), 'wrapped');
    values = new MemorySecretStore();
    keys = new MemorySecretStore();
    store = new LargeSecretStore(values, keys, { dir, limitBytes: 2400 });
  });

  it('keep a small secret as it is, with nothing on disk', async () => {
    await store.set(account, 'small-token');
    expect(await values.get(account)).toBe('small-token');
    expect(await keys.get(account)).toBeNull();
    expect(filesIn(dir)).toEqual([]);
    expect(await store.get(account)).toBe('small-token');
  });

  it('round-trip a large one: a 256-bit key in the keychain, only ciphertext on disk (0600)', async () => {
    await store.set(account, bigToken);
    expect(await values.get(account)).toBeNull();
    expect(Buffer.from((await keys.get(account)) ?? '', 'base64')).toHaveLength(32);
    const files = filesIn(dir);
    expect(files).toHaveLength(1);
    const onDisk = readFileSync(files[0] as string, 'utf8');
    expect(onDisk).not.toContain('xxxxxxxx');
    expect(JSON.parse(onDisk)).toMatchObject({ v: 1, alg: 'aes-256-gcm' });
    if (process.platform !== 'win32') expect(statSync(files[0] as string).mode & 0o777).toBe(0o600);
    expect(await store.get(account)).toBe(bigToken);
  });

  it('refuse a changed ciphertext with a clear error instead of returning garbage', async () => {
    await store.set(account, bigToken);
    const file = filesIn(dir)[0] as string;
    const sealed = JSON.parse(readFileSync(file, 'utf8')) as { data: string };
    const bytes = Buffer.from(sealed.data, 'base64');
    bytes[10] = (bytes[10] as number) ^ 1;
    writeFileSync(file, JSON.stringify({ ...sealed, data: bytes.toString('base64') }));
    await expect(store.get(account)).rejects.toMatchObject({ problem: 'tampered', message: /integrity check/ });
  });

  it("refuse another account's ciphertext and key put in this account's place", async () => {
    const other = 'https://video.example|43';
    await store.set(account, bigToken);
    await store.set(other, `${bigToken}-43`);
    // Right key for the file, wrong account: the account name is authenticated data.
    writeFileSync(accountFile(dir, account, 'sealed'), readFileSync(accountFile(dir, other, 'sealed')));
    await keys.set(account, (await keys.get(other)) ?? '');
    await expect(store.get(account)).rejects.toMatchObject({ problem: 'tampered' });
  });

  it('delete the key and the ciphertext together', async () => {
    await store.set(account, bigToken);
    expect(await store.delete(account)).toBe(true);
    expect(await keys.get(account)).toBeNull();
    expect(filesIn(dir)).toEqual([]);
    expect(await store.get(account)).toBeNull();
  });

  it('drop the wrapped copy when a later secret is small again', async () => {
    await store.set(account, bigToken);
    await store.set(account, 'small-again');
    expect(await keys.get(account)).toBeNull();
    expect(filesIn(dir)).toEqual([]);
    expect(await store.get(account)).toBe('small-again');
  });
});
