import type { SessionState } from '../../../../../preload/contract';
import type { ServiceHttp } from '../../../../../main/api/http';
import type { AppNotification, NotificationPageRequest, NotificationsApi } from '../../../../../main/api/notifications';
import type { Paged } from '../../../../../main/api/reader';
import { AppError } from '../../../../../main/services/app-error';
import type { Logger } from '../../../../../main/services/log';
import type { NotificationPoller } from '../../../../../main/services/notifications/poller';
import type { Scheduler, TimerHandle } from '../../../../../main/services/notifications/scheduler';

/** Time that moves only when the test says so; counts the timers that fired. */
export class ManualScheduler implements Scheduler {
  private time = 1_000_000;
  private nextId = 1;
  private timers = new Map<number, { at: number; callback: () => void }>();
  fired = 0;

  now(): number {
    return this.time;
  }

  setTimeout(callback: () => void, delayMs: number): TimerHandle {
    const id = this.nextId++;
    this.timers.set(id, { at: this.time + Math.max(0, delayMs), callback });
    return { id } as unknown as TimerHandle;
  }

  clearTimeout(handle: TimerHandle): void {
    this.timers.delete((handle as unknown as { id: number }).id);
  }

  get pending(): number {
    return this.timers.size;
  }

  /** When the earliest pending timer is due, or undefined. */
  get nextAt(): number | undefined {
    const times = [...this.timers.values()].map((timer) => timer.at);
    return times.length ? Math.min(...times) : undefined;
  }

  /** Moves time forward, firing due timers in order and letting each poll finish before the next. */
  async advance(ms: number, poller?: NotificationPoller): Promise<void> {
    const end = this.time + ms;
    for (;;) {
      const due = [...this.timers.entries()].filter(([, t]) => t.at <= end).sort(([, a], [, b]) => a.at - b.at)[0];
      if (!due) break;
      const [id, timer] = due;
      this.timers.delete(id);
      this.time = Math.max(this.time, timer.at);
      this.fired += 1;
      timer.callback();
      if (poller) await settle(poller);
    }
    this.time = end;
  }
}

/** Waits until the poller has no poll in flight (real file I/O happens meanwhile). */
export async function settle(poller: NotificationPoller): Promise<void> {
  // Real file I/O (the seen file) runs on the thread pool: wait by the wall clock, not by turns.
  const deadline = Date.now() + 5_000;
  while (Date.now() < deadline) {
    await new Promise((resolve) => setImmediate(resolve));
    if (poller.status().state !== 'polling') {
      await new Promise((resolve) => setImmediate(resolve));
      return;
    }
  }
  throw new Error('the poll never finished');
}

export function notification(id: number, overrides: Partial<AppNotification> = {}): AppNotification {
  return {
    id,
    kind: 'comment',
    title: `Comment ${id}`,
    message: `Someone commented (${id}).`,
    createdAt: new Date(Date.UTC(2026, 0, 1, 12, 0, id)).toISOString(),
    portfolioId: 7,
    commentId: id,
    route: `/portfolios/7#comment-${id}`,
    ...overrides,
  };
}

/** An in-memory service: newest first, pages of `pageSize`, failures on demand; counts requests. */
export class FakeNotificationsApi implements NotificationsApi {
  items: AppNotification[] = [];
  listCalls: NotificationPageRequest[] = [];
  dismissCalls: number[] = [];
  /** Errors thrown by the next list calls, in order. */
  listFailures: AppError[] = [];
  /** Ids whose dismissal fails with this error. */
  dismissFailures = new Map<number, AppError>();

  constructor(private readonly pageSize = 20) {}

  add(...items: AppNotification[]): void {
    this.items.push(...items);
  }

  async list(request: NotificationPageRequest = {}): Promise<Paged<AppNotification>> {
    this.listCalls.push(request);
    const failure = this.listFailures.shift();
    if (failure) throw failure;
    const sorted = [...this.items].sort((a, b) => (request.orderByDirection === 'ASC' ? a.id - b.id : b.id - a.id));
    const page = request.page ?? 1;
    const items = sorted.slice((page - 1) * this.pageSize, page * this.pageSize);
    return { items, pageNumber: page, hasNextPage: page * this.pageSize < sorted.length };
  }

  async dismiss(id: number): Promise<void> {
    this.dismissCalls.push(id);
    const failure = this.dismissFailures.get(id);
    if (failure) throw failure;
    const before = this.items.length;
    this.items = this.items.filter((item) => item.id !== id);
    if (this.items.length === before) throw new AppError('NOT_FOUND', 'That was not found.');
  }
}

export const silentLog: Logger = { info: () => undefined, warn: () => undefined, error: () => undefined };

/** A session that only reports sign-in and sign-out (the real one is in the integration tests). */
export class FakeSession {
  private listeners = new Set<(state: SessionState) => void>();
  current: { status: SessionState['status']; user?: { id: number } } = { status: 'signed-out' };
  connection = { serviceUrl: 'http://127.0.0.1:4999' } as ServiceHttp;

  onChange(listener: (state: SessionState) => void) {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }
  state(): SessionState {
    return this.current as SessionState;
  }
  http(): ServiceHttp {
    if (this.current.status !== 'signed-in') throw new Error('signed out');
    return this.connection;
  }
  set(status: SessionState['status'], userId?: number): void {
    this.current = { status, ...(userId !== undefined ? { user: { id: userId } } : {}) };
    for (const listener of this.listeners) listener(this.state());
  }
}
