import type { SessionState } from '../../../preload/contract';
import type { NotificationSettings, NotificationsState } from '../../../preload/contract/notifications';
import type { UploadTotals } from '../../../preload/contract/uploads';
import type { ServiceHttp } from '../../api/http';
import type { NotificationsApi } from '../../api/notifications';
import { createTranslator, type Translator } from '../i18n';
import type { Logger } from '../log';
import type { SessionService } from '../session/session-service';
import { OfflineNotificationList, type NotificationsOfflineDeps } from './offline-list';
import { NotificationPoller, type NotificationsUpdate } from './poller';
import type { Scheduler } from './scheduler';
import { SeenStore } from './seen-store';
import { NotificationsService, toNotificationsState } from './service';
import { NotificationSettingsStore } from './settings-store';
import type { ManagedConfig } from '../policy';
import type { ServiceReachability } from '../network/service-reachability';
import { decideToasts, type ToastModel } from './toasts';
import { computeTray, trayUploadsFrom, type TrayModel } from './tray';

export interface NotificationsFeatureDeps {
  session: SessionService;
  dataFolder: string;
  log: Logger;
  /** The lead forwards it as 'notifications:changed'. */
  emit: (state: NotificationsState) => void;
  /** For the tray's upload line. */
  uploadsTotals: () => UploadTotals | undefined;
  /** Recording time of the lesson being recorded, for the tray's "Recording 12:34"; undefined: none. */
  recordingElapsedMs?: () => number | undefined;
  now?: () => Date;
  /** Tests drive time by hand; the app uses real timers. */
  scheduler?: Scheduler;
  /** Shown in the tray's tooltip and Open item. */
  appName?: string;
  /** The language of the tray and the toasts; British English when absent. */
  translator?: Translator;
  /** Unit tests read an in-memory list; the app uses the service's API over `session.http()`. */
  apiFor?: (http: ServiceHttp) => NotificationsApi;
  /** The organisation's policy (interval, quiet hours, start at login, close to tray); absent: none. */
  managed?: ManagedConfig;
  /** Keeps the last list on disk per account and shows it while offline; absent: live lists only. */
  offline?: NotificationsOfflineDeps;
  /**
   * What the app's other requests find (service-reachability.ts): the first that finds the service
   * unreachable makes the centre say offline at once, not at its next scheduled check; the first
   * answer after that makes it check again at once. Absent: only its own checks count.
   */
  reachability?: Pick<ServiceReachability, 'onChange'>;
}

export interface NotificationsFeature {
  service: NotificationsService;
  /** The language the tray and toasts speak: the shell's own texts (badge, close-to-tray) use it too. */
  translator: Translator;
  /** Begins following the session (sign-in starts polling, sign-out stops it). */
  start(): void;
  /** Stops polling; resolves once the last poll's seen state is on disk. */
  stop(): Promise<void>;
  /** Upload totals changed: recompute the tray. */
  uploadsChanged(): void;
  /** A recording began, grew or ended: recompute the tray. */
  recordingChanged(): void;
  tray(): TrayModel;
  onTrayChange(listener: (model: TrayModel) => void): () => void;
  /** Native notifications to show, decided with the settings (do not disturb, quiet hours) and the clock. */
  onToasts(listener: (toasts: ToastModel[]) => void): () => void;
  signals: { wake(): void; unlock(): void; online(): void; offline(): void; focus(): void };
  settings(): NotificationSettings;
  onSettingsChange(listener: (s: NotificationSettings) => void): () => void;
  /** A toast or tray entry was clicked: the notification counts as seen. */
  markSeenAndOpen(notificationId: number): void;
  /** The shell read the login item: macOS waits for the person to allow it in System Settings. */
  setStartAtLoginNeedsApproval(needsApproval: boolean): void;
  /** The shell found whether the desktop shows tray icons at all (stock GNOME does not). */
  setTrayShown(shown: boolean): void;
  /** Whether the one-time "still running in the tray" explanation was shown already; and record it. */
  closeToTrayExplained(): boolean;
  markCloseToTrayExplained(): void;
}

/** Identifies one session: the person and the connection object (a new sign-in makes a new one). */
interface Followed {
  userId: number;
  http: ServiceHttp;
}

export function composeNotifications(deps: NotificationsFeatureDeps): NotificationsFeature {
  const now = deps.now ?? (() => new Date());
  const translator = deps.translator ?? createTranslator();
  const store = new NotificationSettingsStore({
    dataFolder: deps.dataFolder,
    ...(deps.managed ? { managed: deps.managed } : {}),
  });
  const offlineList = deps.offline
    ? new OfflineNotificationList({
        ...deps.offline,
        log: deps.log,
        changed: () => {
          emitState();
          refreshTray();
        },
      })
    : undefined;
  const poller: NotificationPoller = new NotificationPoller({
    seen: new SeenStore({ dataFolder: deps.dataFolder, now }),
    log: deps.log,
    ...(offlineList
      ? { onSuccess: () => offlineList.saved(toNotificationsState(poller.snapshot(), poller.status())) }
      : {}),
    ...(deps.scheduler ? { scheduler: deps.scheduler } : {}),
    ...(deps.apiFor ? { apiFor: deps.apiFor } : {}),
    timing: () => ({ intervalMs: store.get().pollIntervalMs }),
  });
  const present = (state: NotificationsState): NotificationsState => offlineList?.present(state) ?? state;
  const service = new NotificationsService({ poller, settings: store, present });

  const trayListeners = new Set<(model: TrayModel) => void>();
  const toastListeners = new Set<(toasts: ToastModel[]) => void>();
  let latest: NotificationsUpdate = poller.snapshot();
  let online = true;
  let followed: Followed | undefined;
  let unfollow: (() => void) | undefined;
  let traySignature = '';
  let trayModel: TrayModel | undefined;

  const computeCurrentTray = (): TrayModel => {
    const totals = deps.uploadsTotals();
    const recordingMs = deps.recordingElapsedMs?.();
    // Started before the network: the saved sign-in waits, and the tray says offline (with the list
    // kept from before) rather than signed out, which is what a teacher would otherwise act on.
    const waiting = followed === undefined && (deps.offline?.waitingForNetwork() ?? false);
    return computeTray(
      {
        signedIn: followed !== undefined || waiting,
        online: online && !waiting,
        notifications: (waiting && offlineList?.trayList()) || latest,
        ...(totals ? { uploads: trayUploadsFrom(totals) } : {}),
        doNotDisturb: store.get().doNotDisturb,
        ...(deps.appName ? { appName: deps.appName } : {}),
        ...(recordingMs !== undefined ? { recording: { elapsedMs: recordingMs } } : {}),
      },
      translator,
    );
  };

  /** Recomputes the tray and tells listeners only when something they show changed. */
  const refreshTray = (): void => {
    const model = computeCurrentTray();
    const signature = JSON.stringify(model);
    trayModel = model;
    if (signature === traySignature) return;
    traySignature = signature;
    for (const listener of trayListeners) safely(deps.log, 'tray', () => listener(model));
  };

  const emitState = (): void => {
    safely(deps.log, 'emit', () => deps.emit(present(toNotificationsState(latest, poller.status()))));
  };

  poller.onUpdate((update) => {
    latest = update;
    emitState();
    refreshTray();
    if (update.newItems.length === 0) return;
    const decision = decideToasts(update.newItems, store.get(), now(), translator);
    if (decision.suppressedBy) {
      deps.log.info('New notifications without toasts', { count: update.newItems.length, why: decision.suppressedBy });
    }
    if (decision.toasts.length === 0) return;
    for (const listener of toastListeners) safely(deps.log, 'toasts', () => listener(decision.toasts));
  });

  // A new interval applies from the next wait; do not disturb shows in the tray.
  store.onChange(() => {
    poller.settingsChanged();
    refreshTray();
  });

  /** Follows sign-in and sign-out; other session changes (a profile reload) change nothing here. */
  const follow = (state: SessionState): void => {
    offlineList?.sessionChanged();
    if (state.status === 'signed-in' && state.user) {
      let http: ServiceHttp;
      try {
        http = deps.session.http();
      } catch {
        return;
      }
      if (followed && followed.userId === state.user.id && followed.http === http) return;
      followed = { userId: state.user.id, http };
      poller.signedIn(http, state.user.id);
      refreshTray();
      return;
    }
    // Restoring keeps whatever was there (nothing, at start); the tray may say it waits for the network.
    if (state.status === 'restoring' || !followed) {
      refreshTray();
      return;
    }
    followed = undefined;
    poller.signedOut();
    refreshTray();
  };

  return {
    service,
    translator,
    start() {
      if (unfollow) return;
      const unwatch = deps.reachability?.onChange((change) =>
        change.reachable ? poller.serviceAnswered() : poller.serviceUnreachable(change.problem),
      );
      const unfollowSession = deps.session.onChange(follow);
      unfollow = () => {
        unwatch?.();
        unfollowSession();
      };
      follow(deps.session.state());
      refreshTray();
    },
    async stop() {
      unfollow?.();
      unfollow = undefined;
      trayListeners.clear();
      toastListeners.clear();
      await poller.stop();
    },
    uploadsChanged: refreshTray,
    recordingChanged: refreshTray,
    tray: () => trayModel ?? computeCurrentTray(),
    onTrayChange(listener) {
      trayListeners.add(listener);
      return () => trayListeners.delete(listener);
    },
    onToasts(listener) {
      toastListeners.add(listener);
      return () => toastListeners.delete(listener);
    },
    signals: {
      wake: () => poller.wake(),
      unlock: () => poller.unlock(),
      focus: () => poller.focus(),
      online() {
        if (online) return;
        online = true;
        poller.online();
        emitState();
        refreshTray();
      },
      offline() {
        if (!online) return;
        online = false;
        poller.offline();
        emitState();
        refreshTray();
      },
    },
    settings: () => store.get(),
    onSettingsChange: (listener) => store.onChange(listener),
    markSeenAndOpen(notificationId) {
      poller.markSeen([notificationId]).catch((error: unknown) => {
        deps.log.warn('Could not mark a notification seen', { error: String(error) });
      });
    },
    setStartAtLoginNeedsApproval: (needsApproval) => store.setStartAtLoginNeedsApproval(needsApproval),
    setTrayShown: (shown) => store.setTrayShown(shown),
    closeToTrayExplained: () => store.closeToTrayExplained(),
    markCloseToTrayExplained() {
      try {
        store.markCloseToTrayExplained();
      } catch (error) {
        deps.log.warn('Could not remember the tray explanation', { error: String(error) });
      }
    },
  };
}

function safely(log: Logger, what: string, run: () => void): void {
  try {
    run();
  } catch (error) {
    log.error('A notifications listener failed', { what, error: String(error) });
  }
}
