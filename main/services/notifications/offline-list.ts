import type { NotificationItem, NotificationsState } from '../../../preload/contract';
import type { NotificationsUpdate } from './poller';
import type { Logger } from '../log';
import { cachedSchemas, isNetworkFaultCode, sameAccount, type CacheAccount, type OfflineCache } from '../offline-cache';

/** What the notifications need to keep their list for offline use (the app's offline cache, the session). */
export interface NotificationsOfflineDeps {
  cache: OfflineCache;
  /** The signed-in account, or the one whose saved sign-in is being restored. */
  account(): CacheAccount | undefined;
  /** A saved sign-in waits for the service (restoring, retrying): the app is offline, not signed out. */
  waitingForNetwork(): boolean;
}

export const NOTIFICATIONS_ENTRY = 'notifications';

/**
 * The notification list for when the service cannot be reached. Each successful poll's list is kept
 * on disk for the account; while polls fail for want of a network (or the sign-in waits for one),
 * the page is shown this session's last list, or, right after a start without network, the one kept
 * from before, each marked `cached` with the time it is from.
 */
export class OfflineNotificationList {
  private kept?: { account: CacheAccount; items: NotificationItem[]; asOf: string };
  private loadingFor?: CacheAccount;

  constructor(
    private readonly deps: NotificationsOfflineDeps & {
      log: Logger;
      /** A kept list was read from disk: the page should be told again. */
      changed: () => void;
    },
  ) {}

  /** A poll went through: its list is the one to show later, and to find after a restart. */
  saved(state: NotificationsState): void {
    const account = this.deps.account();
    if (!account || state.lastSuccessAt === undefined) return;
    this.kept = { account, items: state.items, asOf: state.lastSuccessAt };
    void this.deps.cache.save(account, NOTIFICATIONS_ENTRY, state.items, () =>
      sameAccount(this.deps.account(), account),
    );
  }

  /** The session changed: read the account's kept list once, forget it when nobody is signed in. */
  sessionChanged(): void {
    const account = this.deps.account();
    if (!account) {
      this.kept = undefined;
      this.loadingFor = undefined;
      return;
    }
    if (sameAccount(this.kept?.account, account) || sameAccount(this.loadingFor, account)) return;
    this.loadingFor = account;
    void this.deps.cache.load(account, NOTIFICATIONS_ENTRY, cachedSchemas.notifications).then((copy) => {
      if (!sameAccount(this.loadingFor, account)) return;
      this.loadingFor = undefined;
      // A poll that went through meanwhile knows better than the disk.
      if (!copy || sameAccount(this.kept?.account, account)) return;
      this.kept = { account, items: copy.data, asOf: copy.savedAt };
      this.deps.changed();
    });
  }

  /** What the page is shown: the live state, or, without a network, the last list with its time. */
  present(state: NotificationsState): NotificationsState {
    const offline =
      isNetworkFaultCode(state.problem?.code) || state.status === 'offline' || this.deps.waitingForNetwork();
    if (!offline) return state;
    if (state.lastSuccessAt !== undefined) {
      return { ...state, cached: { offline: true, asOf: state.lastSuccessAt } };
    }
    const kept = this.kept;
    if (!kept || !sameAccount(kept.account, this.deps.account())) return state;
    return {
      ...state,
      items: kept.items,
      unseenCount: kept.items.filter((item) => !item.seen).length,
      cached: { offline: true, asOf: kept.asOf },
    };
  }

  /**
   * For the tray while a saved sign-in waits for the network: the kept list in the poller's shape
   * (no news in it: nothing kept is announced again), or undefined when nothing is kept.
   */
  trayList(): NotificationsUpdate | undefined {
    const kept = this.kept;
    if (!kept || !sameAccount(kept.account, this.deps.account())) return undefined;
    const unseenIds = kept.items.filter((item) => !item.seen).map((item) => item.id);
    return {
      items: kept.items.map(({ seen: _seen, ...item }) => item),
      unseenCount: unseenIds.length,
      unseenIds,
      newItems: [],
    };
  }
}
