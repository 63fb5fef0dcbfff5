import type { KeytarModule } from '../../../../../main/services/vault';

/**
 * A stand-in for the native keytar module (a third-party binding, not our code), for the vault's
 * decision logic: an in-memory keychain that can be told to fail like libsecret does, or to hang
 * like a keychain waiting on an unlock prompt nobody answers.
 */
export class FakeKeytar implements KeytarModule {
  readonly items = new Map<string, string>();
  /** When set, every call rejects with this message (libsecret's wording). */
  failWith: string | undefined;
  /** When true, every call stays pending for ever. */
  hang = false;
  calls = 0;

  private async gate(): Promise<void> {
    this.calls += 1;
    if (this.hang) await new Promise(() => undefined);
    if (this.failWith !== undefined) throw new Error(this.failWith);
  }

  async getPassword(service: string, account: string): Promise<string | null> {
    await this.gate();
    return this.items.get(`${service}/${account}`) ?? null;
  }

  async setPassword(service: string, account: string, password: string): Promise<void> {
    await this.gate();
    this.items.set(`${service}/${account}`, password);
  }

  async deletePassword(service: string, account: string): Promise<boolean> {
    await this.gate();
    return this.items.delete(`${service}/${account}`);
  }
}

export const LOCKED = 'Cannot create an item in a locked collection';
export const NO_DBUS = 'Cannot autolaunch D-Bus without X11 $DISPLAY';
