/**
 * The OS's string encryption, injected from `main/electron` (Electron's safeStorage there; a
 * node:crypto stand-in in tests). The vault never imports electron.
 */
export interface Encryptor {
  /** False when the OS offers no encryption at all. */
  isAvailable(): boolean;
  /** Linux only: the selected backend, e.g. `gnome_libsecret`, `kwallet5`, or `basic_text` (a fixed key). */
  backend(): string | undefined;
  encrypt(plain: string): Buffer;
  decrypt(data: Buffer): string;
}
