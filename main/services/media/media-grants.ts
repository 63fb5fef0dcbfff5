import { randomBytes } from 'node:crypto';

/**
 * Which files the page may read as `/media/<token>`: only files main admitted for preparation, each
 * under a random name that cannot be guessed, for a limited time, revocable. The page never learns a
 * path, and a token it did not get from main opens nothing.
 */
export interface MediaGrants {
  /** Admits `path` and returns its token. */
  grant(path: string): string;
  /** The admitted path, or null for an unknown, revoked or expired token. */
  resolve(token: string): string | null;
  revoke(token: string): void;
}

/** Long enough for a lesson to be prepared on a slow laptop; a job asks again if it needs longer. */
export const defaultGrantLifetimeMs = 6 * 60 * 60 * 1000;

export function createMediaGrants(options: { now?: () => number; lifetimeMs?: number } = {}): MediaGrants {
  const now = options.now ?? Date.now;
  const lifetime = options.lifetimeMs ?? defaultGrantLifetimeMs;
  const grants = new Map<string, { path: string; expiresAt: number }>();
  return {
    grant(path) {
      // 256 bits in base64url: no collision, no guess, and safe in a URL path as it is.
      const token = randomBytes(32).toString('base64url');
      grants.set(token, { path, expiresAt: now() + lifetime });
      return token;
    },
    resolve(token) {
      const grant = grants.get(token);
      if (!grant) return null;
      if (grant.expiresAt <= now()) {
        grants.delete(token);
        return null;
      }
      return grant.path;
    },
    revoke(token) {
      grants.delete(token);
    },
  };
}
