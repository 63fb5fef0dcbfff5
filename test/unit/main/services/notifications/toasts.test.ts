import { describe, expect, it } from 'vitest';
import {
  defaultNotificationSettings,
  type NotificationSettings,
} from '../../../../../main/services/notifications/settings';
import { decideToasts, inQuietHours } from '../../../../../main/services/notifications/toasts';
import { notification } from './fakes';

const settings = (patch: Partial<NotificationSettings> = {}): NotificationSettings => ({
  ...defaultNotificationSettings,
  ...patch,
});
// Local time, so the tests hold in any time zone.
const at = (hours: number, minutes = 0) => new Date(2026, 2, 10, hours, minutes);
const actor = (name: string) => ({ id: name.length, firstName: name, lastName: '', fullName: name });

describe('which toasts to show', () => {
  it('shows nothing when nothing is new', () => {
    expect(decideToasts([], settings({ doNotDisturb: true }), at(12))).toEqual({ toasts: [] });
  });

  it('shows one toast per item, newest first, each opening its own place', () => {
    const decision = decideToasts(
      [notification(1), notification(2, { title: 'Ann shared a portfolio', kind: 'share', route: '/portfolios/9' })],
      settings(),
      at(12),
    );
    expect(decision.suppressedBy).toBeUndefined();
    expect(decision.toasts).toEqual([
      {
        kind: 'item',
        title: 'Ann shared a portfolio',
        body: 'Someone commented (2).',
        route: '/portfolios/9',
        itemIds: [2],
      },
      {
        kind: 'item',
        title: 'Comment 1',
        body: 'Someone commented (1).',
        route: '/portfolios/7#comment-1',
        itemIds: [1],
      },
    ]);
  });

  it('shows one summary when more than the threshold arrive at once', () => {
    const items = [1, 2, 3, 4].map((id) =>
      notification(id, {
        actor: actor(id % 2 ? 'Ann' : 'Ben'),
        route: id === 4 ? '/groups/3' : `/portfolios/7#comment-${id}`,
      }),
    );
    const decision = decideToasts(items, settings({ summaryThreshold: 3 }), at(12));
    expect(decision.toasts).toHaveLength(1);
    expect(decision.toasts[0]).toMatchObject({
      kind: 'summary',
      title: '4 new notifications',
      route: '/notifications',
      itemIds: [4, 3, 2, 1],
    });
    expect(decision.toasts[0]!.body).toContain('from Ben and Ann');
    // Exactly the threshold still gets one toast each.
    expect(decideToasts(items.slice(0, 3), settings({ summaryThreshold: 3 }), at(12)).toasts).toHaveLength(3);
  });

  it('opens the one place a whole burst is about', () => {
    const items = [1, 2, 3, 4].map((id) => notification(id, { route: '/portfolios/7' }));
    expect(decideToasts(items, settings(), at(12)).toasts[0]!.route).toBe('/portfolios/7');
  });

  it('stays silent with do-not-disturb, saying why', () => {
    expect(decideToasts([notification(1)], settings({ doNotDisturb: true }), at(12))).toEqual({
      toasts: [],
      suppressedBy: 'do-not-disturb',
    });
  });

  it('stays silent in quiet hours across midnight, and speaks again when they end', () => {
    const quiet = settings({ quietHours: { enabled: true, start: '22:00', end: '07:00' } });
    expect(decideToasts([notification(1)], quiet, at(23, 30)).suppressedBy).toBe('quiet-hours');
    expect(decideToasts([notification(1)], quiet, at(6, 59)).suppressedBy).toBe('quiet-hours');
    expect(decideToasts([notification(1)], quiet, at(7, 0)).toasts).toHaveLength(1);
    expect(decideToasts([notification(1)], quiet, at(21, 59)).toasts).toHaveLength(1);
  });

  it('handles same-day quiet hours, switched-off ones and an empty window', () => {
    const lunch = { enabled: true, start: '12:00', end: '13:30' };
    expect(inQuietHours(lunch, at(12, 45))).toBe(true);
    expect(inQuietHours(lunch, at(13, 30))).toBe(false);
    expect(inQuietHours({ ...lunch, enabled: false }, at(12, 45))).toBe(false);
    expect(inQuietHours({ enabled: true, start: '09:00', end: '09:00' }, at(9, 0))).toBe(false);
  });

  it('keeps toast text short and single-line', () => {
    const long = notification(1, { message: `${'word '.repeat(100)}\n\nend`, title: '', actor: actor('Ann') });
    const [toast] = decideToasts([long], settings(), at(12)).toasts;
    expect(toast!.title).toBe('Ann');
    expect(toast!.body.length).toBeLessThanOrEqual(180);
    expect(toast!.body).not.toContain('\n');
    expect(toast!.body.endsWith('…')).toBe(true);
  });
});
