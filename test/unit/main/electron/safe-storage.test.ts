import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { safeStorageEncryptor } from '../../../../main/electron/safe-storage';

/**
 * The vault's fallback when no keychain answers: Electron's safeStorage. The vault must learn the
 * Linux backend (a `basic_text` one is a fixed key, no protection) and nothing else on other systems.
 */

const realPlatform = process.platform;
const onPlatform = (platform: NodeJS.Platform) =>
  Object.defineProperty(process, 'platform', { value: platform, configurable: true });

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
});
afterEach(() => onPlatform(realPlatform));

describe('the safeStorage encryptor', () => {
  it('round-trips a token, and the stored bytes do not show it', () => {
    onPlatform('linux');
    expect(safeStorageEncryptor.isAvailable()).toBe(true);
    const sealed = safeStorageEncryptor.encrypt('refresh-token-1234');
    expect(sealed.toString('utf8')).not.toContain('refresh-token-1234');
    expect(safeStorageEncryptor.decrypt(sealed)).toBe('refresh-token-1234');
  });

  it('refuses to decrypt bytes it did not encrypt', () => {
    onPlatform('linux');
    expect(() => safeStorageEncryptor.decrypt(Buffer.from('plain text from another tool'))).toThrow();
  });

  it('says when encryption is not available, and then does not encrypt', () => {
    onPlatform('win32');
    fakeElectron.state.encryptionAvailable = false;
    expect(safeStorageEncryptor.isAvailable()).toBe(false);
    expect(() => safeStorageEncryptor.encrypt('refresh-token')).toThrow();
  });

  it("names Linux's backend, so the vault can refuse the fixed-key basic_text one", () => {
    onPlatform('linux');
    expect(safeStorageEncryptor.backend()).toBe('gnome_libsecret');
    fakeElectron.state.storageBackend = 'basic_text';
    expect(safeStorageEncryptor.backend()).toBe('basic_text');
  });

  it.each(['darwin', 'win32'] as const)('asks no Linux-only question on %s', (platform) => {
    onPlatform(platform);
    expect(safeStorageEncryptor.backend()).toBeUndefined();
  });
});
