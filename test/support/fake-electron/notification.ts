import { EventEmitter } from 'node:events';
import { checkKnownKeys, strict } from './strict';
import { requireReady, state } from './state';

const notificationKeys = new Set(
  'title subtitle body silent icon hasReply timeoutType replyPlaceholder sound urgency actions closeButtonText toastXml id groupId groupTitle'.split(
    ' ',
  ),
);

/** A native notification; `shown` says whether the user would have seen it. */
export class FakeNotification extends EventEmitter {
  static isSupported(): boolean {
    return state.notificationsSupported;
  }
  readonly title: string;
  readonly body: string;
  shown = false;
  closed = false;
  constructor(options: Record<string, unknown> = {}) {
    super();
    requireReady('new Notification()');
    checkKnownKeys('NotificationConstructorOptions', options, notificationKeys);
    this.title = String(options.title ?? '');
    this.body = String(options.body ?? '');
  }
  show(): void {
    this.shown = true;
  }
  close(): void {
    this.closed = true;
    this.emit('close', {});
  }
  /** Test helper: the user clicks the notification. */
  click(): void {
    this.emit('click', {});
  }
}

export const Notification = new Proxy(FakeNotification, {
  construct(target, args: [Record<string, unknown>?]) {
    const notification = strict('Notification', new target(...args));
    state.notifications.push(notification);
    return notification;
  },
});
