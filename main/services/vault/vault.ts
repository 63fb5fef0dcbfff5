import { join } from 'node:path';
import type { Logger } from '../log';
import { accountName, serviceOrigin } from './account';
import { AccountIndex } from './account-index';
import { EncryptedFileSecretStore, encryptorProblem } from './encrypted-file-store';
import type { Encryptor } from './encryptor';
import { explainFallback } from './explain';
import { DEFAULT_KEYCHAIN_SERVICE, KeytarSecretStore, loadKeytar, type KeytarLoader } from './keytar-store';
import { LargeSecretStore } from './large-secret-store';
import { MemorySecretStore } from './memory-store';
import { ensurePrivateDir } from './private-files';
import { isSecretStoreError, type SecretStore, type StoreKind, type StoreProblem } from './secret-store';

export interface Clock {
  now(): number;
}

export interface VaultOptions {
  /** A folder the vault owns (made 0700): encrypted fallback files, large-secret ciphertexts, the account index. */
  dataDir: string;
  log: Logger;
  /** How keytar is loaded; defaults to a dynamic import of the native module. */
  keytarLoader?: KeytarLoader;
  /** The OS's string encryption (Electron safeStorage), for the encrypted-file fallback. */
  encryptor?: Encryptor;
  /** Budget for the start-up probe (write, read, delete) of the keychain. Default 5,000 ms. */
  probeTimeoutMs?: number;
  /** Budget for each later keychain call; an unlock prompt may need a person. Default 15,000 ms. */
  callTimeoutMs?: number;
  /** The keychain service name items are filed under. Default "Video Collab Desktop". */
  serviceName?: string;
  /** Secrets above this many UTF-8 bytes are wrapped (key in the keychain, ciphertext on disk). Default 2,400. */
  largeSecretBytes?: number;
  /** Defaults to process.platform; decides basic_text handling and the advice's wording. */
  platform?: NodeJS.Platform;
  clock?: Clock;
}

export interface VaultStatus {
  backend: StoreKind;
  /** False when sign-ins last only until the app quits. */
  persistent: boolean;
  /** Why the keychain is not used, and what happens instead (plain English), when it is not. */
  reason?: string;
  /** What to install or do about it, for this operating system. */
  advice?: string;
  /** Machine-readable: what went wrong with the keychain. */
  keychainProblem?: StoreProblem;
  /** Machine-readable: why the encrypted file is not used either, when the backend is memory. */
  fileProblem?: StoreProblem;
}

type StatusListener = (status: VaultStatus) => void;

/** The suffix of the keychain service that holds the keys of wrapped (large) secrets. */
const KEY_SERVICE_SUFFIX = ' (keys)';

/**
 * Keeps each signed-in account's secret (the refresh token, or the access token where there is
 * none) in the best store this computer offers: the OS keychain, else a file encrypted by the OS,
 * else memory for this session, and says which and why in `status()`. Never plaintext on disk,
 * never a secret in a log.
 */
export class Vault {
  private readonly listeners = new Set<StatusListener>();
  private queue: Promise<unknown> = Promise.resolve();

  private constructor(
    /** The stores still usable this session, best first; a store that fails leaves it; memory is always last. */
    private readonly chain: SecretStore[],
    private keychainProblem: StoreProblem | undefined,
    private fileProblem: StoreProblem | undefined,
    private readonly index: AccountIndex,
    private readonly log: Logger,
    private readonly platform: NodeJS.Platform,
  ) {}

  /** Probes the keychain (with a timeout), then picks the store: keychain, encrypted file, or memory. */
  static async open(options: VaultOptions): Promise<Vault> {
    const platform = options.platform ?? process.platform;
    const clock = options.clock ?? Date;
    const log = options.log;
    await ensurePrivateDir(options.dataDir);
    const chain: SecretStore[] = [];

    const started = clock.now();
    const keychain = await openKeychain(options);
    const probeMs = clock.now() - started;
    if ('store' in keychain) {
      chain.push(keychain.store);
      log.info('vault: the system keychain works', { probeMs });
    } else {
      log.warn('vault: the system keychain cannot be used', {
        problem: keychain.problem,
        detail: keychain.detail,
        probeMs,
      });
    }
    const file = openEncryptedFile(options, platform);
    if ('store' in file) chain.push(file.store);
    chain.push(new MemorySecretStore());

    const vault = new Vault(
      chain,
      'problem' in keychain ? keychain.problem : undefined,
      'problem' in file ? file.problem : undefined,
      new AccountIndex(options.dataDir),
      log,
      platform,
    );
    const status = vault.status();
    log.info('vault: sign-ins are kept here', { backend: status.backend, fileProblem: status.fileProblem });
    return vault;
  }

  status(): VaultStatus {
    const backend = this.best.kind;
    const status: VaultStatus = { backend, persistent: backend !== 'memory' };
    if (backend === 'keychain') return status;
    Object.assign(status, explainFallback(backend, this.keychainProblem, this.fileProblem, this.platform));
    if (this.keychainProblem) status.keychainProblem = this.keychainProblem;
    if (backend === 'memory' && this.fileProblem) status.fileProblem = this.fileProblem;
    return status;
  }

  /** Called whenever the store in use changes mid-session (e.g. the keychain locked), so the notice can update. */
  onStatusChange(listener: StatusListener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  /**
   * Keeps `secret` for the user of the service at `origin` in the best store that accepts it (a
   * store that refuses is given up for the session and the next one takes the call), and removes
   * every other copy, so it lives in exactly one place. Answers where it went.
   */
  saveSession(origin: string, userKey: string, secret: string): Promise<StoreKind> {
    const account = accountName(origin, userKey);
    return this.serialised(async () => {
      const where = await this.storeSecret(account, secret);
      await this.index.saved(serviceOrigin(origin), userKey.trim(), account, where);
      return where;
    });
  }

  /**
   * The saved secret, or undefined. Only the store that took the last save is read, so an older copy
   * stranded in a store that was unreachable then can never come back. Throws a
   * SecretStoreError('tampered') when a wrapped secret's ciphertext was changed.
   */
  loadSession(origin: string, userKey: string): Promise<string | undefined> {
    const account = accountName(origin, userKey);
    return this.serialised(async () => {
      const recorded = await this.index.location(account);
      const candidates = recorded ? this.chain.filter((store) => store.kind === recorded) : [...this.chain];
      for (const store of candidates) {
        const read = await this.attempt(store, () => store.get(account));
        if (!read.ok || read.value === null) continue;
        if (store !== this.best) {
          // Saved while the keychain was unavailable, and it works now: move the secret up.
          await this.index.moved(account, await this.storeSecret(account, read.value));
        }
        return read.value;
      }
      return undefined;
    });
  }

  /** Removes the secret from every store, and forgets the account as the service's last one. */
  deleteSession(origin: string, userKey: string): Promise<void> {
    const account = accountName(origin, userKey);
    return this.serialised(async () => {
      await this.removeExcept(account, undefined);
      await this.index.deleted(serviceOrigin(origin), userKey.trim(), account);
    });
  }

  /** The user key last saved (and not deleted since) for the service at `origin`, if any. */
  lastAccount(origin: string): Promise<string | undefined> {
    const canonical = serviceOrigin(origin);
    return this.serialised(() => this.index.lastUser(canonical));
  }

  private get best(): SecretStore {
    return this.chain[0] as SecretStore;
  }

  private async storeSecret(account: string, secret: string): Promise<StoreKind> {
    for (;;) {
      const store = this.best;
      if ((await this.attempt(store, () => store.set(account, secret))).ok) {
        await this.removeExcept(account, store);
        return store.kind;
      }
    }
  }

  /** Deletes the account from every usable store but `keep`; a store failing here is given up, not fatal. */
  private async removeExcept(account: string, keep: SecretStore | undefined): Promise<void> {
    for (const store of [...this.chain]) {
      if (store !== keep) await this.attempt(store, () => store.delete(account));
    }
  }

  /**
   * Runs one store call. A store-level failure (locked, timeout, unwritable file…) gives the store
   * up for this session. A tampered secret is the caller's to hear about.
   */
  private async attempt<T>(
    store: SecretStore,
    work: () => Promise<T>,
  ): Promise<{ ok: true; value: T } | { ok: false }> {
    try {
      return { ok: true, value: await work() };
    } catch (error) {
      if (isSecretStoreError(error) && error.problem === 'tampered') throw error;
      const fallback = store.kind === 'keychain' ? 'keychain-error' : 'file-error';
      this.giveUp(store, isSecretStoreError(error) ? error.problem : fallback, error);
      return { ok: false };
    }
  }

  private giveUp(store: SecretStore, problem: StoreProblem, error: unknown): void {
    const position = this.chain.indexOf(store);
    if (store.kind === 'memory' || position < 0) throw error;
    const detail = error instanceof Error ? error.message : String(error);
    this.log.warn('vault: a store failed; giving it up for this session', { store: store.kind, problem, detail });
    if (store.kind === 'keychain') this.keychainProblem = problem;
    else this.fileProblem = problem;
    this.chain.splice(position, 1);
    if (position === 0) {
      const status = this.status();
      this.log.warn('vault: sign-ins are now kept here', { backend: status.backend });
      for (const listener of this.listeners) listener(status);
    }
  }

  /** One operation at a time, so a save and a delete of the same account never interleave. */
  private serialised<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work);
    this.queue = run.catch(() => undefined);
    return run;
  }
}

async function openKeychain(
  options: VaultOptions,
): Promise<{ store: SecretStore } | { problem: StoreProblem; detail: string }> {
  let keytar;
  try {
    keytar = await (options.keytarLoader ?? loadKeytar)();
  } catch (error) {
    return { problem: 'keychain-module-missing', detail: error instanceof Error ? error.message : String(error) };
  }
  const service = options.serviceName ?? DEFAULT_KEYCHAIN_SERVICE;
  const timeoutMs = options.callTimeoutMs ?? 15_000;
  const values = new KeytarSecretStore(keytar, { service, timeoutMs });
  try {
    await values.probe(options.probeTimeoutMs ?? 5_000);
  } catch (error) {
    return {
      problem: isSecretStoreError(error) ? error.problem : 'keychain-error',
      detail: error instanceof Error ? error.message : String(error),
    };
  }
  const keys = new KeytarSecretStore(keytar, { service: service + KEY_SERVICE_SUFFIX, timeoutMs });
  return {
    store: new LargeSecretStore(values, keys, {
      dir: join(options.dataDir, 'wrapped'),
      limitBytes: options.largeSecretBytes,
    }),
  };
}

function openEncryptedFile(
  options: VaultOptions,
  platform: NodeJS.Platform,
): { store: SecretStore } | { problem: StoreProblem } {
  const problem = encryptorProblem(options.encryptor, platform);
  if (problem || !options.encryptor) return { problem: problem ?? 'no-encryptor' };
  try {
    // safeStorage can be "available" and still throw (e.g. before the app is ready): try it once.
    if (options.encryptor.decrypt(options.encryptor.encrypt('probe')) !== 'probe')
      return { problem: 'encryption-error' };
  } catch {
    return { problem: 'encryption-error' };
  }
  return { store: new EncryptedFileSecretStore(options.encryptor, join(options.dataDir, 'secrets'), platform) };
}
