import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { accountFile, readIfExists, removeIfExists, writePrivateFile } from './private-files';
import { fileWork, SecretStoreError, type SecretStore } from './secret-store';

/**
 * Windows keeps at most 2,560 bytes in a credential; a margin below that leaves room for
 * encoding differences. Above it, the secret goes to disk encrypted and only its key to the keychain.
 */
export const DEFAULT_LARGE_SECRET_BYTES = 2400;

interface SealedFile {
  v: 1;
  alg: 'aes-256-gcm';
  iv: string;
  tag: string;
  data: string;
}

/**
 * Wraps a keychain store so secrets of any size fit. Small secrets go to `values` as they are. A
 * larger one is encrypted with AES-256-GCM under a fresh random 256-bit key; the key goes to `keys`
 * (the keychain, under a separate service name so it can never be mistaken for a secret), and the
 * ciphertext with its IV and tag to a 0600 file. The account name is the additional authenticated
 * data, so a file copied to another account's name fails the check like any other tampering.
 */
export class LargeSecretStore implements SecretStore {
  readonly kind;

  constructor(
    private readonly values: SecretStore,
    private readonly keys: SecretStore,
    private readonly options: { dir: string; limitBytes?: number },
  ) {
    this.kind = values.kind;
  }

  private get limit(): number {
    return this.options.limitBytes ?? DEFAULT_LARGE_SECRET_BYTES;
  }

  async get(account: string): Promise<string | null> {
    const plain = await this.values.get(account);
    if (plain !== null) return plain;
    const key = await this.keys.get(account);
    if (key === null) return null;
    const file = await fileWork('read', () => readIfExists(this.path(account)));
    if (file === null) {
      // The key alone is useless without its ciphertext: tidy it away; the user signs in again.
      await this.keys.delete(account);
      return null;
    }
    return open(file, Buffer.from(key, 'base64'), account);
  }

  async set(account: string, secret: string): Promise<void> {
    if (Buffer.byteLength(secret, 'utf8') <= this.limit) {
      await this.values.set(account, secret);
      await this.removeWrapped(account);
      return;
    }
    const key = randomBytes(32);
    await fileWork('write', () => writePrivateFile(this.path(account), seal(secret, key, account)));
    try {
      await this.keys.set(account, key.toString('base64'));
    } catch (error) {
      await fileWork('remove', () => removeIfExists(this.path(account)));
      throw error;
    }
    await this.values.delete(account);
  }

  async delete(account: string): Promise<boolean> {
    const removedValue = await this.values.delete(account);
    const removedWrapped = await this.removeWrapped(account);
    return removedValue || removedWrapped;
  }

  private async removeWrapped(account: string): Promise<boolean> {
    const removedKey = await this.keys.delete(account);
    const removedFile = await fileWork('remove', () => removeIfExists(this.path(account)));
    return removedKey || removedFile;
  }

  private path(account: string): string {
    return accountFile(this.options.dir, account, 'sealed');
  }
}

function seal(secret: string, key: Buffer, account: string): string {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', key, iv);
  cipher.setAAD(Buffer.from(account, 'utf8'));
  const data = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
  const sealed: SealedFile = {
    v: 1,
    alg: 'aes-256-gcm',
    iv: iv.toString('base64'),
    tag: cipher.getAuthTag().toString('base64'),
    data: data.toString('base64'),
  };
  return JSON.stringify(sealed);
}

function open(file: Buffer, key: Buffer, account: string): string {
  try {
    const sealed = JSON.parse(file.toString('utf8')) as SealedFile;
    if (sealed.v !== 1 || sealed.alg !== 'aes-256-gcm') throw new Error(`unknown format ${String(sealed.v)}`);
    // A fixed tag length: GCM would otherwise accept a tag cut short, which weakens the check.
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(sealed.iv, 'base64'), { authTagLength: 16 });
    decipher.setAAD(Buffer.from(account, 'utf8'));
    decipher.setAuthTag(Buffer.from(sealed.tag, 'base64'));
    return Buffer.concat([decipher.update(Buffer.from(sealed.data, 'base64')), decipher.final()]).toString('utf8');
  } catch (error) {
    throw new SecretStoreError(
      'tampered',
      'The saved sign-in failed its integrity check: its file was changed or damaged.',
      { cause: error },
    );
  }
}
