import { createHash, randomBytes, scryptSync, timingSafeEqual } from 'node:crypto';

export const newSecret = (bytes = 32): string => randomBytes(bytes).toString('base64url');

/** Tokens and codes are stored hashed, so a copy of the database holds no usable credential. */
export const hashSecret = (secret: string): string => createHash('sha256').update(secret).digest('hex');

export function hashPassword(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32);
  return `scrypt$${salt.toString('base64')}$${key.toString('base64')}`;
}

export function verifyPassword(password: string, stored: string | null): boolean {
  if (!stored) return false;
  const [scheme, saltB64, keyB64] = stored.split('$');
  if (scheme !== 'scrypt' || !saltB64 || !keyB64) return false;
  const expected = Buffer.from(keyB64, 'base64');
  const actual = scryptSync(password, Buffer.from(saltB64, 'base64'), expected.length);
  return timingSafeEqual(actual, expected);
}
