import { createHash } from 'node:crypto';

/** Whose copies these are: the service (its origin, as the vault and the seen store key it) and the person. */
export interface CacheAccount {
  origin: string;
  userId: number | string;
}

/**
 * The folder name of one account's copies: a hash, so the disk shows neither the service nor the
 * person, and never anything derived from a token (a new sign-in of the same person finds the
 * same copies; a token would change at every refresh and could leak through a file name).
 */
export function accountFolderName(account: CacheAccount): string {
  return createHash('sha256')
    .update(`${account.origin}\n${String(account.userId)}`)
    .digest('hex')
    .slice(0, 32);
}

export function sameAccount(a: CacheAccount | undefined, b: CacheAccount | undefined): boolean {
  return a !== undefined && b !== undefined && a.origin === b.origin && String(a.userId) === String(b.userId);
}
