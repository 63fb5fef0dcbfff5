import type { BrowserWindow } from 'electron';
import type { ProgressSink } from '../services/uploads/types';

/**
 * The taskbar button's (dock icon's) progress bar on the main window. Thin on purpose: what to show
 * is decided in plain Node (services/transfers/taskbar-progress.ts); this only draws it safely.
 */
export function createTaskbarProgress(mainWindow: () => BrowserWindow | undefined): ProgressSink {
  return {
    setProgress(fraction) {
      // The window may have been closed (quit-on-close): Electron throws on a destroyed one.
      const window = mainWindow();
      if (!window || window.isDestroyed()) return;
      if (fraction === null) {
        window.setProgressBar(-1); // removes the bar
        return;
      }
      // Electron shows an endless "busy" bar above 1 and none below 0: clamp to [0, 1]. 0 of 0
      // bytes gives NaN: nothing done yet.
      window.setProgressBar(Number.isFinite(fraction) ? Math.min(1, Math.max(0, fraction)) : 0);
    },
  };
}
