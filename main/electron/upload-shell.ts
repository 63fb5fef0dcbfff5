import { Notification, powerSaveBlocker, type BrowserWindow } from 'electron';
import type { UploadShell } from '../services/uploads/feature';
import type { RunSummary } from '../services/uploads/types';
import { batchFinishedText, needsAttentionText, type NoticeText } from '../services/uploads/run-summary-text';

/**
 * What uploads need from the OS: the system must not suspend the app mid-batch (the screen may
 * still sleep), the taskbar/dock shows progress, and a native notification says when a batch is done
 * or needs attention. Clicking the notification shows the Uploads page.
 */
export function createUploadShell(ui: { mainWindow(): BrowserWindow | undefined; showUploads(): void }): UploadShell {
  let blocker: number | undefined;
  const notify = ({ title, body }: NoticeText) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title, body });
    note.on('click', ui.showUploads);
    note.show();
  };
  return {
    power: {
      start() {
        if (blocker === undefined) blocker = powerSaveBlocker.start('prevent-app-suspension');
      },
      stop() {
        if (blocker !== undefined) powerSaveBlocker.stop(blocker);
        blocker = undefined;
      },
    },
    taskbar: {
      setProgress(fraction) {
        // -1 removes the bar; Electron wants a number in [0, 1] otherwise.
        ui.mainWindow()?.setProgressBar(fraction === null ? -1 : Math.min(1, Math.max(0, fraction)));
      },
    },
    notifier: {
      batchFinished: (summary: RunSummary) => notify(batchFinishedText(summary)),
      needsAttention: (summary: RunSummary) => notify(needsAttentionText(summary)),
    },
  };
}
