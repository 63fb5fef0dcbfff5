import { statfs } from 'node:fs/promises';

/**
 * Room for a prepared file in the app's data folder, checked before the work starts so a full disk is
 * a clear message up front rather than a write error twenty minutes in.
 */

/** The estimate is an aim, not a promise: an encoder may overshoot it by a tenth. */
const estimateFactor = 1.2;
/** Left free for the OS, the journal and the logs. */
const marginBytes = 256 * 1024 * 1024;

export function bytesNeeded(estimatedBytes: number): number {
  return Math.ceil(estimatedBytes * estimateFactor) + marginBytes;
}

export type SpaceCheck = { ok: true } | { ok: false; neededBytes: number; freeBytes: number };

export async function checkFreeSpace(folder: string, estimatedBytes: number): Promise<SpaceCheck> {
  const stats = await statfs(folder);
  // bavail: what an unprivileged process may use (bfree includes the blocks kept for root).
  const freeBytes = Number(stats.bavail) * Number(stats.bsize);
  const neededBytes = bytesNeeded(estimatedBytes);
  return freeBytes >= neededBytes ? { ok: true } : { ok: false, neededBytes, freeBytes };
}
