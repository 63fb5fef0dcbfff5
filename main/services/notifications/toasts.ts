import type { AppNotification } from '../../api/notifications';
import { createTranslator, type Translator } from '../i18n';
import { NOTIFICATIONS_ROUTE } from './routes';
import type { NotificationSettings } from './settings';

/**
 * Which native notifications ("toasts") to show for newly arrived items. Pure: the lead's Electron
 * adapter shows what this answers and, on click, opens `route` in the window.
 */
export interface ToastModel {
  /** `item`: one notification; `summary`: several that arrived together. */
  kind: 'item' | 'summary';
  title: string;
  body: string;
  route: string;
  /** The notifications this toast stands for (to mark them seen on click). */
  itemIds: number[];
}

export type ToastSuppression = 'do-not-disturb' | 'quiet-hours';

export interface ToastDecision {
  toasts: ToastModel[];
  /** Why nothing was shown although there was news; absent when toasts were shown or nothing arrived. */
  suppressedBy?: ToastSuppression;
}

const BODY_LIMIT = 180;

function minutesOf(text: string): number {
  const [hours, minutes] = text.split(':').map(Number);
  return (hours ?? 0) * 60 + (minutes ?? 0);
}

/** True when `now` (local time) lies in [start, end); the window may cross midnight. */
export function inQuietHours(quietHours: NotificationSettings['quietHours'], now: Date): boolean {
  if (!quietHours.enabled) return false;
  const start = minutesOf(quietHours.start);
  const end = minutesOf(quietHours.end);
  if (start === end) return false;
  const minute = now.getHours() * 60 + now.getMinutes();
  return start < end ? minute >= start && minute < end : minute >= start || minute < end;
}

function shorten(text: string, limit = BODY_LIMIT): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= limit ? flat : `${flat.slice(0, limit - 1).trimEnd()}…`;
}

function itemToast(item: AppNotification, t: Translator): ToastModel {
  const title = item.title.trim() || (item.actor ? `${item.actor.fullName}` : t('main.toasts.untitled'));
  return {
    kind: 'item',
    title: shorten(title, 80),
    body: shorten(item.message),
    route: item.route,
    itemIds: [item.id],
  };
}

/** "Ann", "Ann and Ben", "Ann, Ben and 2 more"; undefined when nobody is named. */
function namesOf(items: AppNotification[], t: Translator): string | undefined {
  const names = [...new Set(items.map((item) => item.actor?.fullName).filter((name): name is string => !!name))];
  const [first, second] = names;
  if (first === undefined) return undefined;
  if (second === undefined) return first;
  return names.length === 2
    ? t('main.toasts.twoNames', { first, second })
    : t('main.toasts.moreNames', { first, second, count: names.length - 2 });
}

function summaryToast(items: AppNotification[], t: Translator): ToastModel {
  const names = namesOf(items, t);
  const titles = items
    .map((item) => item.title.trim())
    .filter(Boolean)
    .slice(0, 3)
    .join('; ');
  const routes = new Set(items.map((item) => item.route));
  return {
    kind: 'summary',
    title: t('main.toasts.summaryTitle', items.length),
    body: shorten(
      names === undefined
        ? t('main.toasts.summaryBody', { titles }, items.length)
        : t('main.toasts.summaryBodyFrom', { names, titles }, items.length),
    ),
    // All about one thing (a busy comment thread): open it; otherwise the list.
    route: routes.size === 1 ? [...routes][0]! : NOTIFICATIONS_ROUTE,
    itemIds: items.map((item) => item.id),
  };
}

/**
 * One toast per new item, or one summary when more than `summaryThreshold` arrive at once; newest
 * first. The app's own words are in its language (`t`; British English when none is given); titles
 * and messages are the service's, as written.
 */
export function decideToasts(
  newItems: readonly AppNotification[],
  settings: Pick<NotificationSettings, 'doNotDisturb' | 'quietHours' | 'summaryThreshold'>,
  now: Date,
  t: Translator = createTranslator(),
): ToastDecision {
  if (newItems.length === 0) return { toasts: [] };
  if (settings.doNotDisturb) return { toasts: [], suppressedBy: 'do-not-disturb' };
  if (inQuietHours(settings.quietHours, now)) return { toasts: [], suppressedBy: 'quiet-hours' };
  const ordered = [...newItems].sort(newestFirst);
  if (ordered.length > Math.max(1, settings.summaryThreshold)) return { toasts: [summaryToast(ordered, t)] };
  return { toasts: ordered.map((item) => itemToast(item, t)) };
}

function newestFirst(a: AppNotification, b: AppNotification): number {
  const byTime = (Date.parse(b.createdAt) || 0) - (Date.parse(a.createdAt) || 0);
  return byTime !== 0 ? byTime : b.id - a.id;
}
