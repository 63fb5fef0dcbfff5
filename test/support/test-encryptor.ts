import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import type { Encryptor } from '../../main/services/vault';

/**
 * A stand-in for Electron's safeStorage (an Electron API, not our code): real AES-256-GCM under a
 * key held in memory, with the availability and Linux backend a test asks for.
 */
export function testEncryptor(options: { available?: boolean; backend?: string; key?: Buffer } = {}): Encryptor {
  const key = options.key ?? randomBytes(32);
  return {
    isAvailable: () => options.available ?? true,
    backend: () => options.backend ?? 'gnome_libsecret',
    encrypt(plain) {
      const iv = randomBytes(12);
      const cipher = createCipheriv('aes-256-gcm', key, iv);
      const data = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return Buffer.concat([Buffer.from('v10'), iv, cipher.getAuthTag(), data]);
    },
    decrypt(sealed) {
      const decipher = createDecipheriv('aes-256-gcm', key, sealed.subarray(3, 15), { authTagLength: 16 });
      decipher.setAuthTag(sealed.subarray(15, 31));
      return Buffer.concat([decipher.update(sealed.subarray(31)), decipher.final()]).toString('utf8');
    },
  };
}
