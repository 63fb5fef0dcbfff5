import type { Encryptor } from './encryptor';
import { accountFile, readIfExists, removeIfExists, writePrivateFile } from './private-files';
import { fileWork, SecretStoreError, type SecretStore } from './secret-store';

/**
 * Decides whether the injected encryptor really protects a file. On Linux, `basic_text` means
 * Electron encrypts with a fixed key, which is plaintext with extra steps: the vault then keeps
 * secrets in memory instead, as VS Code does.
 */
export function encryptorProblem(
  encryptor: Encryptor | undefined,
  platform: NodeJS.Platform,
): 'no-encryptor' | 'encryption-unavailable' | 'basic-text' | undefined {
  if (!encryptor) return 'no-encryptor';
  if (!encryptor.isAvailable()) return 'encryption-unavailable';
  if (platform === 'linux' && encryptor.backend() === 'basic_text') return 'basic-text';
  return undefined;
}

interface SealedEntry {
  /** The account the file belongs to, checked on reading so a file moved between names is refused. */
  account: string;
  secret: string;
}

/**
 * One OS-encrypted file per account (`<dir>/<hash of account>.secret`, mode 0600), written whole or
 * not at all. Used when the keychain is missing or refuses.
 */
export class EncryptedFileSecretStore implements SecretStore {
  readonly kind = 'encrypted-file' as const;

  constructor(
    private readonly encryptor: Encryptor,
    private readonly dir: string,
    platform: NodeJS.Platform = process.platform,
  ) {
    const problem = encryptorProblem(encryptor, platform);
    if (problem) throw new SecretStoreError(problem, 'This computer offers no real encryption for a secrets file.');
  }

  async get(account: string): Promise<string | null> {
    const data = await fileWork('read', () => readIfExists(this.path(account)));
    if (data === null) return null;
    let entry: SealedEntry;
    try {
      entry = JSON.parse(this.encryptor.decrypt(data)) as SealedEntry;
    } catch (error) {
      throw new SecretStoreError('encryption-error', 'The saved sign-in could not be decrypted.', { cause: error });
    }
    if (entry.account !== account || typeof entry.secret !== 'string') {
      throw new SecretStoreError('tampered', 'The saved sign-in file does not belong to this account.');
    }
    return entry.secret;
  }

  async set(account: string, secret: string): Promise<void> {
    let sealed: Buffer;
    try {
      sealed = this.encryptor.encrypt(JSON.stringify({ account, secret } satisfies SealedEntry));
    } catch (error) {
      throw new SecretStoreError('encryption-error', 'The sign-in could not be encrypted.', { cause: error });
    }
    await fileWork('write', () => writePrivateFile(this.path(account), sealed));
  }

  delete(account: string): Promise<boolean> {
    return fileWork('remove', () => removeIfExists(this.path(account)));
  }

  private path(account: string): string {
    return accountFile(this.dir, account, 'secret');
  }
}
