import { describe, expect, it } from 'vitest';
import type { AppNotification } from '../../../../../main/api/notifications';
import {
  computeTray,
  recordingClock,
  trayUploadsFrom,
  type TrayState,
} from '../../../../../main/services/notifications/tray';
import type { UploadTotals } from '../../../../../main/services/uploads/types';
import { notification } from './fakes';

function state(items: AppNotification[], unseenIds: number[], patch: Partial<TrayState> = {}): TrayState {
  return {
    signedIn: true,
    online: true,
    doNotDisturb: false,
    notifications: { items, unseenCount: unseenIds.length, unseenIds },
    ...patch,
  };
}

const labels = (model: ReturnType<typeof computeTray>) =>
  model.menu.map((item) => (item.kind === 'separator' ? '---' : item.label));

describe('the tray', () => {
  it('with nothing unread: idle icon, no badge, the items without an unread mark', () => {
    const model = computeTray(state([notification(1)], []));
    expect(model.icon).toBe('idle');
    expect(model.badgeCount).toBe(0);
    expect(model.tooltip).toBe('Video Collab — No unread notifications');
    expect(labels(model)).toEqual([
      'No unread notifications',
      'Comment 1',
      '---',
      'Record a lesson…',
      'Do not disturb',
      'Open Video Collab',
      'Sign out',
      '---',
      'Quit',
    ]);
  });

  it('with one unread: unread icon, badge 1, the item says unread, and mark-all-seen', () => {
    const model = computeTray(state([notification(2), notification(1)], [2]));
    expect(model.icon).toBe('unread');
    expect(model.badgeCount).toBe(1);
    expect(model.tooltip).toBe('Video Collab — 1 unread notification');
    expect(labels(model).slice(0, 4)).toEqual([
      '1 unread notification',
      'Unread: Comment 2',
      'Comment 1',
      'Mark all as seen',
    ]);
    const first = model.menu[1]!;
    expect(first).toMatchObject({
      kind: 'action',
      action: { type: 'open-route', route: '/portfolios/7#comment-2', notificationId: 2 },
    });
  });

  it('with many unread: the latest five, then a way to all of them', () => {
    const items = Array.from({ length: 12 }, (_, i) => notification(12 - i));
    const model = computeTray(
      state(
        items,
        items.map((item) => item.id),
      ),
    );
    expect(model.badgeCount).toBe(12);
    expect(model.tooltip).toBe('Video Collab — 12 unread notifications');
    const notificationItems = model.menu.filter(
      (item) => item.kind === 'action' && item.id.startsWith('notification-'),
    );
    expect(notificationItems.map((item) => (item as { id: string }).id)).toEqual([
      'notification-12',
      'notification-11',
      'notification-10',
      'notification-9',
      'notification-8',
    ]);
    expect(labels(model)).toContain('All notifications…');
  });

  it('while uploading: the uploading icon (unread kept apart), progress in the tooltip and the menu', () => {
    const uploads = { remaining: 3, percent: 42, paused: 0, failed: 0 };
    const quiet = computeTray(state([notification(1)], [], { uploads }));
    expect(quiet.icon).toBe('uploading');
    expect(quiet.tooltip).toBe('Video Collab — No unread notifications · Uploading 3 files (42%)');
    expect(quiet.menu).toContainEqual({
      kind: 'action',
      id: 'uploads',
      label: 'Uploading 3 files (42%)',
      action: { type: 'open-route', route: '/transfers' },
    });
    expect(computeTray(state([notification(1)], [1], { uploads })).icon).toBe('uploading-unread');
  });

  it('while a lesson records: its time first in the tooltip, and Stop recording at the top of the menu', () => {
    const model = computeTray(state([notification(1)], [], { recording: { elapsedMs: 754_900 } }));
    expect(model.tooltip).toBe('Video Collab — Recording 12:34 · No unread notifications');
    expect(labels(model).slice(0, 4)).toEqual(['Recording 12:34', 'Stop recording', '---', 'No unread notifications']);
    expect(model.menu[1]).toMatchObject({ kind: 'action', action: { type: 'stop-recording' } });
    // One recording at a time: the item that starts another is gone while this one runs.
    expect(labels(model)).not.toContain('Record a lesson…');
  });

  it('writes recording time as a clock: minutes and seconds, hours past the hour', () => {
    expect(recordingClock(0)).toBe('0:00');
    expect(recordingClock(59_999)).toBe('0:59');
    expect(recordingClock(754_000)).toBe('12:34');
    expect(recordingClock(3_723_000)).toBe('1:02:03');
  });

  it('asks for attention when uploads failed, and says so', () => {
    const model = computeTray(state([], [], { uploads: { remaining: 0, paused: 0, failed: 2 } }));
    expect(model.icon).toBe('attention');
    expect(labels(model)).toContain('2 uploads failed');
    expect(labels(model)).toContain('No unread notifications');
  });

  it('signed out: no badge, nothing of the account, just open and quit', () => {
    const model = computeTray({ ...state([notification(1)], [1]), signedIn: false });
    expect(model).toEqual({
      icon: 'signed-out',
      tooltip: 'Video Collab — signed out',
      badgeCount: 0,
      menu: [
        { kind: 'status', id: 'status', label: 'Signed out' },
        { kind: 'separator' },
        { kind: 'action', id: 'open', label: 'Open Video Collab', action: { type: 'open-window' } },
        { kind: 'separator' },
        { kind: 'action', id: 'quit', label: 'Quit', action: { type: 'quit' } },
      ],
    });
  });

  it('offline and do-not-disturb show in the icon, tooltip and the checkbox', () => {
    const model = computeTray(state([], [], { online: false, doNotDisturb: true }));
    expect(model.icon).toBe('offline');
    expect(model.tooltip).toBe('Video Collab — No unread notifications · offline · do not disturb');
    expect(model.menu).toContainEqual({
      kind: 'checkbox',
      id: 'do-not-disturb',
      label: 'Do not disturb',
      checked: true,
      action: { type: 'toggle-do-not-disturb' },
    });
  });

  it('marks unread items in words a screen reader says, not with a glyph (issue #18, item 5)', () => {
    const model = computeTray(
      state([notification(3, { title: 'x'.repeat(100) }), notification(2), notification(1)], [3, 2]),
    );
    const items = model.menu.filter((item) => item.kind === 'action' && item.id.startsWith('notification-'));
    const itemLabels = items.map((item) => (item as { label: string }).label);
    // A glyph such as '●' is read aloud as "black circle"; the word is what says the item is new.
    expect(itemLabels.join(' ')).not.toMatch(/[●•◉○]/);
    expect(itemLabels[0]).toMatch(/^Unread: x+…$/);
    expect(itemLabels[1]).toBe('Unread: Comment 2');
    expect(itemLabels[2]).toBe('Comment 1');
  });

  it('escapes & for Electron menus, names the actor and shortens long titles', () => {
    const model = computeTray(
      state(
        [
          notification(1, {
            title: 'Q&A session',
            actor: { id: 3, firstName: 'Ann', lastName: 'Lee', fullName: 'Ann Lee' },
          }),
          notification(2, { title: 'x'.repeat(100) }),
        ],
        [],
      ),
    );
    expect(labels(model)[1]).toBe('Q&&A session — Ann Lee');
    expect(labels(model)[2]!.length).toBeLessThanOrEqual(60);
  });

  it('reads the upload queue totals', () => {
    const totals: UploadTotals = {
      counts: {
        queued: 2,
        checking: 0,
        preparing: 0,
        uploading: 1,
        reconciling: 0,
        paused: 1,
        done: 5,
        failed: 1,
        cancelled: 0,
      },
      bytesTotal: 400,
      bytesDone: 100,
      bytesPerSecond: 10,
      secondsLeft: 30,
      active: true,
      waitingForNetwork: false,
    };
    expect(trayUploadsFrom(totals)).toEqual({ remaining: 3, percent: 25, paused: 1, failed: 1 });
  });
});
