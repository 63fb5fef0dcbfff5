import { SecretStoreError, type SecretStore, type StoreProblem } from './secret-store';
import { withTimeout } from './with-timeout';

/** The part of keytar the vault uses. */
export interface KeytarModule {
  getPassword(service: string, account: string): Promise<string | null>;
  setPassword(service: string, account: string, password: string): Promise<void>;
  deletePassword(service: string, account: string): Promise<boolean>;
}

export type KeytarLoader = () => Promise<KeytarModule>;

/** Loads the native module lazily, so a missing or unbuilt keytar is a reason to fall back, not a crash. */
export const loadKeytar: KeytarLoader = async () => {
  const loaded = (await import('keytar')) as KeytarModule & { default?: KeytarModule };
  return loaded.default ?? loaded;
};

/** The service name items are filed under in the keychain (what `secret-tool lookup service …` matches). */
export const DEFAULT_KEYCHAIN_SERVICE = 'Video Collab Desktop';

/** Sorts keytar's messages (libsecret, macOS and Windows wordings) into what the app can explain. */
export function classifyKeytarError(message: string): StoreProblem {
  if (
    /autolaunch D-Bus|Could not connect|DBUS_SESSION_BUS_ADDRESS|Address element|Unknown or unsupported transport/i.test(
      message,
    )
  ) {
    return 'no-session-bus';
  }
  if (
    /org\.freedesktop\.secrets|not provided by any \.service files|ServiceUnknown|No such (interface|object)/i.test(
      message,
    )
  ) {
    return 'no-secret-service';
  }
  if (
    /locked|prompt (was )?dismissed|user canceled|user interaction is not allowed|errSecInteractionNotAllowed/i.test(
      message,
    )
  ) {
    return 'locked';
  }
  return 'keychain-error';
}

/**
 * The OS keychain through keytar. Every call races a timeout because an unlock prompt can block it
 * for ever. After one timeout the store refuses further calls at once: a blocked keytar call pins
 * one of libuv's four worker threads until the OS answers, and a few of those would stall all file
 * I/O of the process.
 */
export class KeytarSecretStore implements SecretStore {
  readonly kind = 'keychain' as const;
  private stalled = false;

  constructor(
    private readonly keytar: KeytarModule,
    private readonly options: { service: string; timeoutMs: number },
  ) {}

  get service(): string {
    return this.options.service;
  }

  get(account: string): Promise<string | null> {
    return this.call('read', () => this.keytar.getPassword(this.options.service, account));
  }

  set(account: string, secret: string): Promise<void> {
    return this.call('write', () => this.keytar.setPassword(this.options.service, account, secret));
  }

  delete(account: string): Promise<boolean> {
    return this.call('delete', () => this.keytar.deletePassword(this.options.service, account));
  }

  private async call<T>(what: string, work: () => Promise<T>, timeoutMs = this.options.timeoutMs): Promise<T> {
    if (this.stalled) {
      throw new SecretStoreError('timeout', 'The keychain stopped answering earlier in this session.');
    }
    try {
      return await withTimeout(Promise.resolve().then(work), timeoutMs, () => {
        this.stalled = true;
        return new SecretStoreError('timeout', `The keychain did not answer a ${what} within ${timeoutMs} ms.`);
      });
    } catch (error) {
      if (error instanceof SecretStoreError) throw error;
      const message = error instanceof Error ? error.message : String(error);
      throw new SecretStoreError(classifyKeytarError(message), `Keychain ${what} failed: ${message}`, { cause: error });
    }
  }

  /**
   * Writes, reads back and deletes a probe item, all within `timeoutMs` in total, so a keychain
   * that blocks on an unlock prompt is found out at start-up rather than at sign-in.
   */
  async probe(timeoutMs: number): Promise<void> {
    const account = 'vault-probe';
    const value = `probe-${Math.random().toString(36).slice(2)}`;
    const started = Date.now();
    const left = () => Math.max(1, timeoutMs - (Date.now() - started));
    await this.call('write', () => this.keytar.setPassword(this.options.service, account, value), left());
    const read = await this.call('read', () => this.keytar.getPassword(this.options.service, account), left());
    await this.call('delete', () => this.keytar.deletePassword(this.options.service, account), left());
    if (read !== value) {
      throw new SecretStoreError('probe-mismatch', 'The keychain did not give back the probe item it was given.');
    }
  }
}
