import type { ServiceHttp } from '../../api/http';
import { createNotificationsApi, type AppNotification, type NotificationsApi } from '../../api/notifications';
import { originOf } from '../../api/service-url';
import type { ErrorCode } from '../../../preload/contract';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import { backoffDelay, defaultPollTiming, healthyDelay, type PollTiming } from './schedule';
import { realScheduler, type Scheduler, type TimerHandle } from './scheduler';
import type { AccountKey, SeenStore } from './seen-store';

/** What the poller tells its listener (the lead forwards it as `notifications:new` / changed events). */
export interface NotificationsUpdate {
  /** The latest notifications, newest first (the first page, plus more pages after a burst). */
  items: AppNotification[];
  /** How many of `items` the person has not marked seen. */
  unseenCount: number;
  /** Ids among `items` the person has not marked seen. */
  unseenIds: number[];
  /** Notifications announced for the first time by this update (never again, also not after a restart). */
  newItems: AppNotification[];
  /** Why the last poll failed; absent once one succeeds. */
  problem?: { code: ErrorCode; message: string };
}

export type PollerState = 'signed-out' | 'offline' | 'polling' | 'waiting' | 'backing-off' | 'stopped';

export interface PollerStatus {
  state: PollerState;
  /** Failed polls in a row. */
  failures: number;
  /** Scheduler time of the next poll, when one is scheduled. */
  nextPollAt?: number;
  lastSuccessAt?: number;
}

export interface DismissAllResult {
  dismissed: number[];
  failed: { id: number; code: ErrorCode; message: string }[];
}

export interface NotificationPollerDeps {
  seen: SeenStore;
  log: Logger;
  scheduler?: Scheduler;
  random?: () => number;
  /** Read at every scheduling, so a changed setting takes effect from the next poll. */
  timing?: () => Partial<PollTiming>;
  apiFor?: (http: ServiceHttp) => NotificationsApi;
  /** Whether the machine is online at start; later changes come through online()/offline(). */
  isOnline?: () => boolean;
  /** Pages read in one poll when every item on a page is new (a burst). Default 5. */
  maxPagesPerPoll?: number;
  /** After every successful poll, also when nothing changed (the list is then known to be current). */
  onSuccess?: () => void;
}

interface Account {
  key: AccountKey;
  api: NotificationsApi;
  /** Changes with every sign-in/out, so a poll that started for another session is discarded. */
  generation: number;
}

const asAppError = (error: unknown): AppError =>
  error instanceof AppError ? error : new AppError('INTERNAL', 'Notifications could not be read.');

/**
 * Polls `GET /api/notifications` on an adaptive schedule: the interval with jitter while healthy, at
 * once on wake/unlock/online/focus (unless it just polled), exponential backoff on errors (a
 * Retry-After wins), nothing while signed out or offline. It holds exactly one timer at a time, so
 * with nothing new it costs one request and one timer per interval.
 */
export class NotificationPoller {
  private readonly scheduler: Scheduler;
  private readonly random: () => number;
  private readonly apiFor: (http: ServiceHttp) => NotificationsApi;
  private readonly listeners = new Set<(update: NotificationsUpdate) => void>();
  private account?: Account;
  private generation = 0;
  private isOnline: boolean;
  private stopped = false;
  private timer?: TimerHandle;
  private nextPollAt?: number;
  private inFlight?: { controller: AbortController; done: Promise<void> };
  private triggerPending = false;
  private failures = 0;
  /** The service asked us not to come back before this (Retry-After). */
  private quietUntil = 0;
  private lastAttemptAt?: number;
  private lastSuccessAt?: number;
  private waitingForSession = false;
  private items: AppNotification[] = [];
  private seenIds = new Set<number>();
  private problem?: NotificationsUpdate['problem'];
  private lastSignature = '';

  constructor(private readonly deps: NotificationPollerDeps) {
    this.scheduler = deps.scheduler ?? realScheduler;
    this.random = deps.random ?? Math.random;
    this.apiFor = deps.apiFor ?? createNotificationsApi;
    this.isOnline = deps.isOnline?.() ?? true;
  }

  onUpdate(listener: (update: NotificationsUpdate) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  // --- Signals the lead calls from Electron events ------------------------------------------

  /** A session began (sign-in or restore): poll at once, then on the schedule. */
  signedIn(http: ServiceHttp, userId: number): void {
    if (this.stopped) return;
    const key: AccountKey = { origin: originOf(http.serviceUrl), userId };
    if (this.account && sameAccount(this.account.key, key)) {
      // The same person again (a refreshed connection): keep what we know, use the new connection.
      this.account = { ...this.account, api: this.apiFor(http) };
      this.waitingForSession = false;
      this.trigger('signed-in', true);
      return;
    }
    this.reset();
    this.account = { key, api: this.apiFor(http), generation: ++this.generation };
    this.trigger('signed-in', true);
  }

  /** Signed out: no polling, nothing of that account kept in memory (the seen file stays). */
  signedOut(): void {
    if (!this.account) return;
    this.reset();
    this.publish([], true);
  }

  online(): void {
    if (this.isOnline) return;
    this.isOnline = true;
    this.trigger('online', true);
  }

  offline(): void {
    this.isOnline = false;
    this.cancelTimer();
    this.inFlight?.controller.abort();
  }

  /**
   * Another request found the service unreachable: the list is shown as offline now, with the problem
   * that request met. The schedule stays as it is (a failure never makes the poller check sooner or
   * more often); the next check, or the next answer another request gets, settles it. A check under
   * way keeps its own say: its outcome replaces this problem.
   */
  serviceUnreachable(problem: { code: ErrorCode; message: string }): void {
    if (!this.account || !this.isOnline || this.stopped || this.waitingForSession) return;
    if (this.problem) return; // already failing: nothing new to show
    this.problem = { ...problem };
    this.publish([]);
  }

  /**
   * Another request got an answer while the list is shown with a problem: check now, so the centre is
   * live again as soon as the lists are, not when the schedule says. Called once per outage (the
   * reachability tells changes only), and a Retry-After from the service is still honoured.
   */
  serviceAnswered(): void {
    if (!this.problem || !this.canPoll() || this.inFlight) return;
    if (this.scheduler.now() < this.quietUntil) return;
    this.deps.log.info('Checking notifications', { reason: 'service-answered' });
    void this.poll();
  }

  /** Woke from sleep, or the screen was unlocked: what happened meanwhile is worth a look now. */
  wake(): void {
    this.trigger('wake', true);
  }

  unlock(): void {
    this.trigger('unlock', true);
  }

  /** The window gained focus: look now, unless a poll happened moments ago. */
  focus(): void {
    this.trigger('focus', false);
  }

  /** The poll interval (or another timing setting) changed: reschedule a healthy wait with it. */
  settingsChanged(): void {
    if (this.timer && this.failures === 0 && !this.inFlight) this.schedule(healthyDelay(this.timing(), this.random));
  }

  /** Polls now whatever the schedule says (a "check now" button); answers when it is done. */
  async refresh(): Promise<NotificationsUpdate> {
    if (this.account && this.isOnline && !this.stopped) {
      if (this.inFlight) await this.inFlight.done;
      else await this.poll();
    }
    return this.snapshot();
  }

  /**
   * Stops polling. Resolves once a poll that was under way has ended and the seen state it wrote is
   * on disk, so whoever stops it (a quit, a test) may then remove or move the data folder.
   */
  async stop(): Promise<void> {
    this.stopped = true;
    this.cancelTimer();
    const inFlight = this.inFlight;
    inFlight?.controller.abort();
    this.listeners.clear();
    await inFlight?.done.catch(() => undefined);
    await this.deps.seen.flush();
  }

  // --- What the interface asks ---------------------------------------------------------------

  snapshot(): NotificationsUpdate {
    return this.update([]);
  }

  status(): PollerStatus {
    let state: PollerState;
    if (this.stopped) state = 'stopped';
    else if (!this.account) state = 'signed-out';
    else if (!this.isOnline) state = 'offline';
    else if (this.inFlight) state = 'polling';
    else state = this.failures > 0 ? 'backing-off' : 'waiting';
    return {
      state,
      failures: this.failures,
      ...(this.timer && this.nextPollAt !== undefined ? { nextPollAt: this.nextPollAt } : {}),
      ...(this.lastSuccessAt !== undefined ? { lastSuccessAt: this.lastSuccessAt } : {}),
    };
  }

  /** Marks notifications as seen (the person opened them or the list); all listed ones without ids. */
  async markSeen(ids?: number[]): Promise<NotificationsUpdate> {
    const account = this.account;
    if (!account) return this.snapshot();
    const chosen = ids ?? this.items.map((item) => item.id);
    await this.deps.seen.addSeen(account.key, chosen);
    if (this.account !== account) return this.snapshot();
    chosen.forEach((id) => this.seenIds.add(id));
    this.publish([]);
    return this.snapshot();
  }

  /** Deletes one notification on the service. One that is already gone counts as dismissed. */
  async dismiss(id: number): Promise<NotificationsUpdate> {
    const account = this.requireAccount();
    try {
      await account.api.dismiss(id);
    } catch (error) {
      if (asAppError(error).code !== 'NOT_FOUND') throw error;
    }
    this.forget(account, [id]);
    return this.snapshot();
  }

  /**
   * Deletes every notification the service lists, one after another (oldest first, so an
   * interruption leaves the newest), and says which could not be deleted and why.
   */
  async dismissAll(options: { maxPages?: number } = {}): Promise<DismissAllResult> {
    const account = this.requireAccount();
    const ids: number[] = [];
    const listed = new Set<number>();
    const maxPages = options.maxPages ?? 500;
    for (let page = 1; page <= maxPages; page += 1) {
      const answer = await account.api.list({ page, orderByDirection: 'ASC' });
      for (const item of answer.items) {
        if (listed.has(item.id)) continue;
        listed.add(item.id);
        ids.push(item.id);
      }
      if (answer.items.length === 0 || answer.hasNextPage === false) break;
    }
    const result: DismissAllResult = { dismissed: [], failed: [] };
    for (const [index, id] of ids.entries()) {
      if (this.account !== account) break;
      try {
        await account.api.dismiss(id);
        result.dismissed.push(id);
      } catch (error) {
        const appError = asAppError(error);
        if (appError.code === 'NOT_FOUND') result.dismissed.push(id);
        else result.failed.push({ id, code: appError.code, message: appError.message });
        if (appError.code === 'UNAUTHENTICATED') {
          // The session is over: the rest would fail the same way.
          for (const rest of ids.slice(index + 1)) {
            result.failed.push({ id: rest, code: appError.code, message: appError.message });
          }
          break;
        }
      }
    }
    this.forget(account, result.dismissed);
    if (result.failed.length > 0) {
      this.deps.log.warn('Some notifications could not be dismissed', { failed: result.failed.length });
    }
    return result;
  }

  // --- Scheduling ----------------------------------------------------------------------------

  private timing(): PollTiming {
    return { ...defaultPollTiming, ...(this.deps.timing?.() ?? {}) };
  }

  private canPoll(): boolean {
    return Boolean(this.account) && this.isOnline && !this.stopped && !this.waitingForSession;
  }

  private trigger(reason: string, strong: boolean): void {
    if (!this.account || !this.isOnline || this.stopped || this.waitingForSession) return;
    if (this.inFlight) {
      this.triggerPending = true;
      return;
    }
    const now = this.scheduler.now();
    if (now < this.quietUntil) return; // the service asked for quiet; the timer is already set for then
    const gap = this.timing().minTriggerGapMs;
    // A focus right after a poll (or any trigger right after a successful one) would only repeat it.
    const recent = this.lastAttemptAt !== undefined && now - this.lastAttemptAt < gap;
    if (recent && (!strong || this.failures === 0)) {
      this.ensureScheduled();
      return;
    }
    this.deps.log.info('Checking notifications', { reason });
    void this.poll();
  }

  private ensureScheduled(): void {
    if (!this.timer && this.canPoll() && !this.inFlight) this.schedule(healthyDelay(this.timing(), this.random));
  }

  private schedule(delayMs: number): void {
    this.cancelTimer();
    if (!this.canPoll()) return;
    this.nextPollAt = this.scheduler.now() + delayMs;
    this.timer = this.scheduler.setTimeout(() => {
      this.timer = undefined;
      this.nextPollAt = undefined;
      void this.poll();
    }, delayMs);
  }

  private cancelTimer(): void {
    if (this.timer) this.scheduler.clearTimeout(this.timer);
    this.timer = undefined;
    this.nextPollAt = undefined;
  }

  // --- One poll ------------------------------------------------------------------------------

  private poll(): Promise<void> {
    if (!this.canPoll() || this.inFlight) return this.inFlight?.done ?? Promise.resolve();
    this.cancelTimer();
    const controller = new AbortController();
    const done = this.runPoll(this.account!, controller.signal)
      .then((outcome) => {
        // A check overtaken by sign-out or stop has nothing to say about the account now shown.
        const stillCurrent = this.inFlight?.controller === controller && !controller.signal.aborted;
        if (stillCurrent) this.inFlight = undefined;
        // Published only once the check no longer counts as in flight, so the status the page reads
        // with it is the state after the check, not "Checking…" (publish() is silent if nothing changed).
        if (outcome && stillCurrent && !this.stopped) this.publish(outcome.newItems);
      })
      .finally(() => {
        if (this.inFlight?.controller === controller) this.inFlight = undefined;
        if (this.triggerPending) {
          this.triggerPending = false;
          this.trigger('pending', false);
        }
      });
    this.inFlight = { controller, done };
    return done;
  }

  /** One check; what to publish once it is over, or undefined when it no longer matters (signed out, aborted). */
  private async runPoll(account: Account, signal: AbortSignal): Promise<{ newItems: AppNotification[] } | undefined> {
    this.lastAttemptAt = this.scheduler.now();
    const current = () => this.account?.generation === account.generation && !signal.aborted;
    try {
      const state = await this.deps.seen.state(account.key);
      const fetched = new Map<number, AppNotification>();
      const maxPages = Math.max(1, this.deps.maxPagesPerPoll ?? 5);
      for (let page = 1; page <= maxPages; page += 1) {
        const answer = await account.api.list({ page, orderByDirection: 'DESC', signal });
        for (const item of answer.items) if (!fetched.has(item.id)) fetched.set(item.id, item);
        // Read on only while a whole page is new: a burst bigger than a page is still announced whole.
        const allNew = answer.items.length > 0 && answer.items.every((item) => !state.isKnown(item.id));
        if (!state.baselined || !allNew || answer.hasNextPage === false) break;
      }
      if (!current()) return undefined;
      const items = [...fetched.values()];
      let newItems: AppNotification[] = [];
      if (!state.baselined) {
        // First sight of this account: what is already there is history, not news.
        await this.deps.seen.addKnown(account.key, fetched.keys(), true);
      } else {
        newItems = items.filter((item) => !state.isKnown(item.id));
        if (newItems.length > 0)
          await this.deps.seen.addKnown(
            account.key,
            newItems.map((item) => item.id),
          );
      }
      if (!current()) return undefined;
      const after = await this.deps.seen.state(account.key);
      this.items = items;
      this.seenIds = new Set(items.filter((item) => after.isSeen(item.id)).map((item) => item.id));
      this.failures = 0;
      this.quietUntil = 0;
      this.problem = undefined;
      this.lastSuccessAt = this.scheduler.now();
      this.schedule(healthyDelay(this.timing(), this.random));
      this.tellSuccess();
      return { newItems };
    } catch (error) {
      if (!current()) return undefined;
      const appError = asAppError(error);
      this.problem = { code: appError.code, message: appError.message };
      if (appError.code === 'UNAUTHENTICATED') {
        // The session ends itself and calls signedOut(); until a new session, polling would only fail.
        this.waitingForSession = true;
        return { newItems: [] };
      }
      this.failures += 1;
      const retryAfter = appError.details?.retryAfterMs;
      const retryAfterMs = typeof retryAfter === 'number' ? retryAfter : undefined;
      const delay = backoffDelay(this.failures, retryAfterMs, this.timing(), this.random);
      if (retryAfterMs !== undefined) this.quietUntil = this.scheduler.now() + delay;
      this.deps.log.warn('Notifications could not be read; trying again later', {
        code: appError.code,
        failures: this.failures,
        delayMs: delay,
      });
      this.schedule(delay);
      return { newItems: [] };
    }
  }

  // --- State ---------------------------------------------------------------------------------

  private tellSuccess(): void {
    try {
      this.deps.onSuccess?.();
    } catch (error) {
      this.deps.log.error('A notifications listener failed', { error: String(error) });
    }
  }

  private requireAccount(): Account {
    if (!this.account) throw new AppError('UNAUTHENTICATED', 'You are signed out. Please sign in again.');
    return this.account;
  }

  private forget(account: Account, ids: number[]): void {
    if (this.account !== account || ids.length === 0) return;
    const gone = new Set(ids);
    this.items = this.items.filter((item) => !gone.has(item.id));
    ids.forEach((id) => this.seenIds.delete(id));
    // Dismissed means seen: should the service still list it, it is not news.
    void this.deps.seen.addSeen(account.key, ids).catch(() => undefined);
    this.publish([]);
  }

  private reset(): void {
    this.cancelTimer();
    this.inFlight?.controller.abort();
    this.inFlight = undefined;
    this.triggerPending = false;
    this.account = undefined;
    this.generation += 1;
    this.failures = 0;
    this.quietUntil = 0;
    this.lastAttemptAt = undefined;
    this.lastSuccessAt = undefined;
    this.waitingForSession = false;
    this.items = [];
    this.seenIds = new Set();
    this.problem = undefined;
  }

  private update(newItems: AppNotification[]): NotificationsUpdate {
    const unseenIds = this.items.filter((item) => !this.seenIds.has(item.id)).map((item) => item.id);
    return {
      items: [...this.items],
      unseenCount: unseenIds.length,
      unseenIds,
      newItems,
      ...(this.problem ? { problem: { ...this.problem } } : {}),
    };
  }

  /** Tells listeners, but only when something they show changed (an idle poll stays silent). */
  private publish(newItems: AppNotification[], force = false): void {
    const update = this.update(newItems);
    const status = this.status();
    const signature = JSON.stringify([
      update.items.map((item) => item.id),
      update.unseenCount,
      update.problem?.code ?? null,
      status.state,
      status.failures,
    ]);
    if (!force && newItems.length === 0 && signature === this.lastSignature) return;
    this.lastSignature = signature;
    for (const listener of this.listeners) {
      try {
        listener(update);
      } catch (error) {
        this.deps.log.error('A notifications listener failed', { error: String(error) });
      }
    }
  }
}

function sameAccount(a: AccountKey, b: AccountKey): boolean {
  return a.origin === b.origin && a.userId === b.userId;
}
