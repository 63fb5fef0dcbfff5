import { safeStorage } from 'electron';

/**
 * Electron's safeStorage as the vault's fallback encryptor. On Linux, `basic_text` means a fixed,
 * well-known key (no real protection): the vault refuses to use it then (see FIELD-NOTES).
 */
export const safeStorageEncryptor = {
  isAvailable: (): boolean => safeStorage.isEncryptionAvailable(),
  backend: (): string | undefined =>
    process.platform === 'linux' ? safeStorage.getSelectedStorageBackend() : undefined,
  encrypt: (plain: string): Buffer => safeStorage.encryptString(plain),
  decrypt: (data: Buffer): string => safeStorage.decryptString(data),
};
