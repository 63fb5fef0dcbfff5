import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import type { FakeBrowserWindow } from '../../../support/fake-electron/windows';
import { createUploadShell } from '../../../../main/electron/upload-shell';
import type { RunSummary } from '../../../../main/services/uploads/types';

/** What uploads ask of the OS: no suspend mid-batch, taskbar progress, and a word when a batch ends. */

let window: BrowserWindow | undefined;
let uploadsShown: number;

function shell() {
  return createUploadShell({ mainWindow: () => window, showUploads: () => (uploadsShown += 1) });
}

const summary = (patch: Partial<RunSummary> = {}): RunSummary => ({
  done: 0,
  failed: 0,
  cancelled: 0,
  failures: [],
  ...patch,
});

const progress = () => (window as unknown as FakeBrowserWindow).progress;

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
  window = new BrowserWindow({ show: true });
  uploadsShown = 0;
});

describe('the upload shell', () => {
  it('keeps the computer from suspending the app while a batch runs: one blocker, gone when stopped', () => {
    const { power } = shell();
    power.start();
    power.start();
    expect([...fakeElectron.state.powerSaveBlockers.values()]).toEqual(['prevent-app-suspension']);
    power.stop();
    expect(fakeElectron.state.powerSaveBlockers.size).toBe(0);
    power.stop(); // a second stop (the queue stops on pause and on finish) is harmless
    power.start();
    expect(fakeElectron.state.powerSaveBlockers.size).toBe(1);
  });

  it('shows progress on the taskbar button within 0 to 1, and removes the bar', () => {
    const { taskbar } = shell();
    taskbar.setProgress(0.25);
    expect(progress()).toBe(0.25);
    // Electron shows an endless "busy" bar above 1 and removes the bar below 0: neither is progress.
    taskbar.setProgress(1.7);
    expect(progress()).toBe(1);
    taskbar.setProgress(-0.2);
    expect(progress()).toBe(0);
    taskbar.setProgress(Number.NaN); // 0 of 0 bytes
    expect(progress()).toBe(0);
    taskbar.setProgress(null);
    expect(progress()).toBe(-1);
  });

  it('leaves the taskbar alone without a window, or when the window was closed', () => {
    const { taskbar } = shell();
    window!.destroy();
    expect(() => taskbar.setProgress(0.5)).not.toThrow();
    window = undefined;
    expect(() => taskbar.setProgress(null)).not.toThrow();
  });

  it('says when a batch has finished; a click opens the Uploads page', () => {
    shell().notifier.batchFinished(summary({ done: 3 }));
    const [note, ...others] = fakeElectron.state.notifications;
    expect(others).toEqual([]);
    expect(note).toMatchObject({ title: 'Uploads finished', body: '3 files are on the service.', shown: true });
    note!.click();
    expect(uploadsShown).toBe(1);
  });

  it('says when a batch needs the person: the first failure with its reason, or waiting for sign-in', () => {
    const { notifier } = shell();
    notifier.needsAttention(
      summary({
        done: 1,
        failed: 2,
        failures: [{ displayPath: 'lesson.mp4', problem: { code: 'TOO_LARGE', message: 'The file is too large.' } }],
      }),
    );
    notifier.needsAttention(summary({ waitingForSignIn: true }));
    expect(fakeElectron.state.notifications.map(({ title, body }) => ({ title, body }))).toEqual([
      {
        title: '2 uploads failed',
        body: 'lesson.mp4: The file is too large. And 1 other file. 1 file is on the service.',
      },
      {
        title: 'Uploads are waiting for you to sign in',
        body: 'Sign in again and they carry on where they stopped; nothing is lost.',
      },
    ]);
    fakeElectron.state.notifications[1]!.click();
    expect(uploadsShown).toBe(1);
  });

  it('shows nothing where the system has no notifications', () => {
    fakeElectron.state.notificationsSupported = false;
    shell().notifier.batchFinished(summary({ done: 1 }));
    expect(fakeElectron.state.notifications).toEqual([]);
  });
});
