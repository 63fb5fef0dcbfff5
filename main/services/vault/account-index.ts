import { join } from 'node:path';
import { readIfExists, writePrivateFile } from './private-files';
import type { StoreKind } from './secret-store';

interface AccountIndexFile {
  version: 1;
  /** Canonical service origin -> user key of the account last signed in there. */
  lastByOrigin: Record<string, string>;
  /** Account name -> the store that holds its current secret. */
  locations: Record<string, StoreKind>;
}

const kinds: readonly StoreKind[] = ['keychain', 'encrypted-file', 'memory'];

/**
 * What the vault remembers without secrets: which account was last signed in for each service
 * (so the app knows whose item to read at start-up), and which store holds each account's current
 * secret (so a stale copy left in the keychain while it was locked never wins over a newer one).
 * Account names label the keychain items anyway; no token is ever written here.
 */
export class AccountIndex {
  private readonly path: string;

  constructor(dir: string) {
    this.path = join(dir, 'accounts.json');
  }

  async lastUser(origin: string): Promise<string | undefined> {
    return (await this.read()).lastByOrigin[origin];
  }

  async location(account: string): Promise<StoreKind | undefined> {
    return (await this.read()).locations[account];
  }

  async saved(origin: string, userKey: string, account: string, where: StoreKind): Promise<void> {
    const file = await this.read();
    if (file.lastByOrigin[origin] === userKey && file.locations[account] === where) return;
    file.lastByOrigin[origin] = userKey;
    file.locations[account] = where;
    await this.write(file);
  }

  /** Forgets the account; the origin's last account too, if it is this one. */
  async deleted(origin: string, userKey: string, account: string): Promise<void> {
    const file = await this.read();
    const wasLast = file.lastByOrigin[origin] === userKey;
    if (!wasLast && !(account in file.locations)) return;
    if (wasLast) delete file.lastByOrigin[origin];
    delete file.locations[account];
    await this.write(file);
  }

  async moved(account: string, where: StoreKind): Promise<void> {
    const file = await this.read();
    if (file.locations[account] === where) return;
    file.locations[account] = where;
    await this.write(file);
  }

  private async read(): Promise<AccountIndexFile> {
    const data = await readIfExists(this.path);
    if (data === null) return empty();
    try {
      const parsed = JSON.parse(data.toString('utf8')) as Partial<AccountIndexFile>;
      if (parsed.version !== 1) return empty();
      return {
        version: 1,
        lastByOrigin: pick(parsed.lastByOrigin, (value): value is string => typeof value === 'string'),
        locations: pick(parsed.locations, (value): value is StoreKind => kinds.includes(value as StoreKind)),
      };
    } catch {
      // A damaged index only costs a sign-in; start afresh rather than fail.
      return empty();
    }
  }

  private write(file: AccountIndexFile): Promise<void> {
    return writePrivateFile(this.path, JSON.stringify(file, null, 2));
  }
}

function empty(): AccountIndexFile {
  return { version: 1, lastByOrigin: {}, locations: {} };
}

function pick<T>(value: unknown, keep: (item: unknown) => item is T): Record<string, T> {
  if (typeof value !== 'object' || value === null) return {};
  return Object.fromEntries(Object.entries(value).filter((entry): entry is [string, T] => keep(entry[1])));
}
