import { describe, expect, it } from 'vitest';
import { createNotificationHandlers } from '../../../../../main/ipc/handlers/notifications';
import type { NotificationsService } from '../../../../../main/services/notifications/service';

/** Only the argument schemas are under test here; the service behind them is in feature-wiring. */
const handlers = createNotificationHandlers({ notifications: {} as NotificationsService });

describe('notification handlers check their arguments strictly', () => {
  it('mark-seen takes nothing, or a list of positive ids', () => {
    const args = handlers['notifications:mark-seen'].args;
    expect(args.safeParse([]).success).toBe(true);
    expect(args.safeParse([[1, 2]]).success).toBe(true);
    expect(args.safeParse([undefined]).success).toBe(true);
    expect(args.safeParse([[0]]).success).toBe(false);
    expect(args.safeParse([['1']]).success).toBe(false);
    expect(args.safeParse([[1], 'extra']).success).toBe(false);
  });

  it('dismiss takes one positive whole id', () => {
    const args = handlers['notifications:dismiss'].args;
    expect(args.safeParse([7]).success).toBe(true);
    expect(args.safeParse([-1]).success).toBe(false);
    expect(args.safeParse([1.5]).success).toBe(false);
    expect(args.safeParse([]).success).toBe(false);
  });

  it('set-settings accepts known fields in range and refuses anything else', () => {
    const args = handlers['notifications:set-settings'].args;
    expect(args.safeParse([{ doNotDisturb: true }]).success).toBe(true);
    expect(args.safeParse([{ quietHours: { enabled: true, start: '22:00', end: '07:00' } }]).success).toBe(true);
    expect(args.safeParse([{ pollIntervalMs: 300_000, closeToTray: false, startAtLogin: true }]).success).toBe(true);
    expect(args.safeParse([{ pollIntervalMs: 10 }]).success).toBe(false);
    expect(args.safeParse([{ quietHours: { enabled: true, start: '7pm', end: '07:00' } }]).success).toBe(false);
    expect(args.safeParse([{ quietHours: { enabled: true } }]).success).toBe(false);
    expect(args.safeParse([{ closeToTrayExplained: true }]).success).toBe(false);
    expect(args.safeParse([{ doNotDisturb: 'yes' }]).success).toBe(false);
  });

  it('the reading channels take no arguments', () => {
    for (const channel of ['notifications:get', 'notifications:refresh', 'notifications:dismiss-all'] as const) {
      expect(handlers[channel].args.safeParse([]).success).toBe(true);
      expect(handlers[channel].args.safeParse([1]).success).toBe(false);
    }
  });
});
