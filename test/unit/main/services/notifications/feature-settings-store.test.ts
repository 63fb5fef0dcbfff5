import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import {
  defaultAppNotificationSettings,
  NotificationSettingsStore,
} from '../../../../../main/services/notifications/settings-store';

let dataFolder: string;
beforeEach(() => {
  dataFolder = mkdtempSync(join(tmpdir(), 'notif-settings-'));
});
afterEach(() => rmSync(dataFolder, { recursive: true, force: true }));

describe('notification settings store', () => {
  it('starts with the defaults: keep running in the tray, do not start at login, no quiet hours', () => {
    const store = new NotificationSettingsStore({ dataFolder });
    expect(store.get()).toEqual(defaultAppNotificationSettings);
    expect(store.get()).toMatchObject({ closeToTray: true, startAtLogin: false, doNotDisturb: false });
    expect(store.closeToTrayExplained()).toBe(false);
  });

  it('keeps changes across restarts, and the explanation flag separately from what the renderer sees', () => {
    const store = new NotificationSettingsStore({ dataFolder });
    store.update({ doNotDisturb: true, quietHours: { enabled: true, start: '21:30', end: '06:45' } });
    store.markCloseToTrayExplained();
    const again = new NotificationSettingsStore({ dataFolder });
    expect(again.get()).toMatchObject({
      doNotDisturb: true,
      quietHours: { enabled: true, start: '21:30', end: '06:45' },
    });
    expect(again.get()).not.toHaveProperty('closeToTrayExplained');
    expect(again.closeToTrayExplained()).toBe(true);
  });

  it('tells listeners only when something changed', () => {
    const store = new NotificationSettingsStore({ dataFolder });
    const heard: boolean[] = [];
    store.onChange((settings) => heard.push(settings.doNotDisturb));
    store.update({ doNotDisturb: true });
    store.update({ doNotDisturb: true });
    store.update({ doNotDisturb: false });
    expect(heard).toEqual([true, false]);
  });

  it('shows what macOS said about the login item, without saving it, comparing it or taking it from a patch', () => {
    const store = new NotificationSettingsStore({ dataFolder });
    const heard: boolean[] = [];
    store.onChange((settings) => heard.push(settings.doNotDisturb));
    store.setStartAtLoginNeedsApproval(true);
    expect(store.get().startAtLoginNeedsApproval).toBe(true);
    // Not a change of settings: nobody is told, and an unchanged patch stays no change.
    expect(store.update({ startAtLogin: false })).toMatchObject({ startAtLoginNeedsApproval: true });
    expect(heard).toEqual([]);
    store.update({ doNotDisturb: true });
    expect(heard).toEqual([true]);
    expect(readFileSync(store.path, 'utf8')).not.toContain('NeedsApproval');
    expect(new NotificationSettingsStore({ dataFolder }).get()).not.toHaveProperty('startAtLoginNeedsApproval');

    store.setStartAtLoginNeedsApproval(false);
    store.update({ startAtLoginNeedsApproval: true, doNotDisturb: false });
    expect(store.get()).not.toHaveProperty('startAtLoginNeedsApproval');
  });

  it('says when the desktop shows no tray icons, without saving it or taking it from a patch', () => {
    const store = new NotificationSettingsStore({ dataFolder });
    expect(store.get()).not.toHaveProperty('trayNotShown');
    store.setTrayShown(false);
    expect(store.get()).toMatchObject({ closeToTray: true, trayNotShown: true });
    store.update({ doNotDisturb: true });
    expect(readFileSync(store.path, 'utf8')).not.toContain('trayNotShown');
    store.setTrayShown(true);
    store.update({ trayNotShown: true, doNotDisturb: false });
    expect(store.get()).not.toHaveProperty('trayNotShown');
  });

  it('reads a damaged or hand-edited file leniently: good values stay, bad ones default, intervals are clamped', () => {
    writeFileSync(
      join(dataFolder, 'notification-settings.json'),
      JSON.stringify({ pollIntervalMs: 10, doNotDisturb: 'yes', closeToTray: false, quietHours: { start: '25:00' } }),
    );
    const store = new NotificationSettingsStore({ dataFolder });
    expect(store.get()).toMatchObject({
      pollIntervalMs: 1_000,
      doNotDisturb: false,
      closeToTray: false,
      quietHours: defaultAppNotificationSettings.quietHours,
    });
    writeFileSync(join(dataFolder, 'notification-settings.json'), '{ not json');
    expect(new NotificationSettingsStore({ dataFolder }).get()).toEqual(defaultAppNotificationSettings);
  });

  it('writes the file whole (never a half-written one left behind)', () => {
    const store = new NotificationSettingsStore({ dataFolder });
    store.update({ startAtLogin: true });
    const saved = JSON.parse(readFileSync(store.path, 'utf8')) as Record<string, unknown>;
    expect(saved).toMatchObject({ startAtLogin: true, closeToTray: true, closeToTrayExplained: false });
  });
});
