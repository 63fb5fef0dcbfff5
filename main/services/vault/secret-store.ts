/** Where a secret ended up: the OS keychain, an OS-encrypted file, or this session's memory only. */
export type StoreKind = 'keychain' | 'encrypted-file' | 'memory';

/** A place that keeps one secret string per account name. Every call may fail with a `SecretStoreError`. */
export interface SecretStore {
  readonly kind: StoreKind;
  /** The stored secret, or null when the account has none. */
  get(account: string): Promise<string | null>;
  set(account: string, secret: string): Promise<void>;
  /** True when something was removed. */
  delete(account: string): Promise<boolean>;
}

/**
 * Why a store could not be used, in words a program can act on. The vault turns these into
 * sentences for the app's notice (see `explain.ts`).
 */
export type StoreProblem =
  /** The native keytar module could not be loaded (not built, or libsecret missing). */
  | 'keychain-module-missing'
  /** No D-Bus session to reach the Secret Service (Linux without a desktop session). */
  | 'no-session-bus'
  /** A session bus, but no Secret Service on it (no gnome-keyring or equivalent running). */
  | 'no-secret-service'
  /** The keychain is locked and could not be unlocked (no prompt could be shown, or it was dismissed). */
  | 'locked'
  /** The keychain did not answer in time; typically an unlock prompt nobody answered. */
  | 'timeout'
  /** The keychain answered, but what was written could not be read back. */
  | 'probe-mismatch'
  /** Any other keychain failure. */
  | 'keychain-error'
  /** No encryptor was given to the vault (plain Node without Electron). */
  | 'no-encryptor'
  /** The OS offers no encryption for files (Electron safeStorage unavailable). */
  | 'encryption-unavailable'
  /** Linux reports the `basic_text` backend: a fixed key, so no real protection. */
  | 'basic-text'
  /** Encrypting or decrypting failed. */
  | 'encryption-error'
  /** A file in the vault's folder could not be written, read or removed. */
  | 'file-error'
  /** A stored ciphertext failed its integrity check: it was changed or belongs to another account. */
  | 'tampered';

export class SecretStoreError extends Error {
  constructor(
    readonly problem: StoreProblem,
    message: string,
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'SecretStoreError';
  }
}

export function isSecretStoreError(error: unknown): error is SecretStoreError {
  return error instanceof SecretStoreError;
}

/** Runs file work, turning a file-system failure into a `file-error` the vault can fall back on. */
export async function fileWork<T>(what: string, work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    if (error instanceof SecretStoreError) throw error;
    const code = (error as NodeJS.ErrnoException).code ?? 'unknown error';
    throw new SecretStoreError('file-error', `Could not ${what} a file in the vault folder (${code}).`, {
      cause: error,
    });
  }
}
