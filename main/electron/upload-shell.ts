import { Notification, powerSaveBlocker, type BrowserWindow } from 'electron';
import type { UploadShell } from '../services/uploads/feature';
import type { RunSummary } from '../services/uploads/types';
import { batchFinishedText, needsAttentionText, type NoticeText } from '../services/uploads/run-summary-text';
import type { Translator } from '../services/i18n';
import { createPowerSource } from './power-source';
import { createTaskbarProgress } from './taskbar-progress';

/**
 * What uploads need from the OS: the system must not suspend the app mid-batch (the screen may
 * still sleep), the taskbar/dock shows progress, and a native notification says when a batch is done
 * or needs attention. Clicking the notification shows the Uploads page. Whether the computer is on
 * battery decides "upload only on mains power".
 */
export function createUploadShell(ui: {
  mainWindow(): BrowserWindow | undefined;
  showUploads(): void;
  /** The language of the notices (British English when absent). */
  translator?: Translator;
}): UploadShell {
  let blocker: number | undefined;
  // Kept referenced until clicked or closed: a garbage-collected Notification no longer delivers its click.
  const shown = new Set<Notification>();
  const notify = ({ title, body }: NoticeText) => {
    if (!Notification.isSupported()) return;
    const note = new Notification({ title, body });
    note.on('click', () => {
      shown.delete(note);
      ui.showUploads();
    });
    note.on('close', () => shown.delete(note));
    shown.add(note);
    note.show();
  };
  return {
    powerSource: createPowerSource(),
    power: {
      start() {
        if (blocker === undefined) blocker = powerSaveBlocker.start('prevent-app-suspension');
      },
      stop() {
        if (blocker !== undefined) powerSaveBlocker.stop(blocker);
        blocker = undefined;
      },
    },
    // Shared with downloads: composition.ts puts both behind one bar (services/transfers/taskbar-progress.ts).
    taskbar: createTaskbarProgress(ui.mainWindow),
    notice: notify,
    notifier: {
      batchFinished: (summary: RunSummary) => notify(batchFinishedText(summary, ui.translator)),
      needsAttention: (summary: RunSummary) => notify(needsAttentionText(summary, ui.translator)),
    },
  };
}
