import type {
  NotificationItem,
  NotificationSettings,
  NotificationsState,
} from '../../../preload/contract/notifications';
import type { ErrorCode } from '../../../preload/contract';
import type { NotificationPoller, NotificationsUpdate, PollerStatus } from './poller';
import type { NotificationSettingsStore } from './settings-store';

/** The renderer's view of the poller: items with their seen flag, the count, the state and the problem. */
export function toNotificationsState(update: NotificationsUpdate, status: PollerStatus): NotificationsState {
  const unseen = new Set(update.unseenIds);
  const items: NotificationItem[] = update.items.map((item) => ({
    id: item.id,
    kind: item.kind,
    title: item.title,
    message: item.message,
    createdAt: item.createdAt,
    ...(item.actor ? { actor: { ...item.actor } } : {}),
    ...(item.communityId !== undefined ? { communityId: item.communityId } : {}),
    ...(item.portfolioId !== undefined ? { portfolioId: item.portfolioId } : {}),
    ...(item.commentId !== undefined ? { commentId: item.commentId } : {}),
    ...(item.postId !== undefined ? { postId: item.postId } : {}),
    route: item.route,
    seen: !unseen.has(item.id),
  }));
  return {
    items,
    unseenCount: update.unseenCount,
    status: status.state,
    ...(update.problem ? { problem: { ...update.problem } } : {}),
    ...(status.lastSuccessAt !== undefined ? { lastSuccessAt: new Date(status.lastSuccessAt).toISOString() } : {}),
  };
}

export interface DismissAllSummary {
  dismissed: number;
  failed: { id: number; code: ErrorCode; message: string }[];
}

/** What the IPC handlers call: the poller's list and actions, and the settings, in the contract's shapes. */
export class NotificationsService {
  constructor(
    private readonly deps: {
      poller: NotificationPoller;
      settings: NotificationSettingsStore;
      /** What the page is shown of the poller's state (the feature adds the offline copy); default: as it is. */
      present?: (state: NotificationsState) => NotificationsState;
    },
  ) {}

  get(): NotificationsState {
    return this.state(this.deps.poller.snapshot());
  }

  /** Polls now (a "check now"); answers the list as it stands afterwards. */
  async refresh(): Promise<NotificationsState> {
    return this.state(await this.deps.poller.refresh());
  }

  /** The given ids, or every listed one without ids. */
  async markSeen(ids?: number[]): Promise<NotificationsState> {
    return this.state(await this.deps.poller.markSeen(ids));
  }

  async dismiss(id: number): Promise<NotificationsState> {
    return this.state(await this.deps.poller.dismiss(id));
  }

  async dismissAll(): Promise<DismissAllSummary> {
    const result = await this.deps.poller.dismissAll();
    return { dismissed: result.dismissed.length, failed: result.failed };
  }

  getSettings(): NotificationSettings {
    return this.deps.settings.get();
  }

  setSettings(patch: Partial<NotificationSettings>): NotificationSettings {
    return this.deps.settings.update(patch);
  }

  private state(update: NotificationsUpdate): NotificationsState {
    const state = toNotificationsState(update, this.deps.poller.status());
    return this.deps.present ? this.deps.present(state) : state;
  }
}
