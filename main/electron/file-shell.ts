import { join } from 'node:path';
import { app, BrowserWindow, dialog, shell } from 'electron';
import type { FileShell } from '../services/downloads/feature';
import { createTranslator, type Translator } from '../services/i18n';

/**
 * What downloads need from the OS, and nothing more: every decision (what is fetched, where the
 * bytes go, what may be opened) is made in main/services/downloads.
 */
export function createFileShell(t: Translator = createTranslator()): FileShell {
  const downloadsFolder = () => app.getPath('downloads');
  return {
    downloadsFolder,
    async chooseSavePath(fileName) {
      // Attached to a window the person sees (as the upload dialogs are), else on its own.
      const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows().find((w) => w.isVisible());
      const options: Electron.SaveDialogOptions = {
        title: t('main.dialogs.saveFile'),
        defaultPath: join(downloadsFolder(), fileName),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      };
      const result = parent ? await dialog.showSaveDialog(parent, options) : await dialog.showSaveDialog(options);
      return result.canceled || !result.filePath ? undefined : result.filePath;
    },
    openPath: (path) => shell.openPath(path),
    showInFolder: (path) => shell.showItemInFolder(path),
  };
}
