import { BrowserWindow, dialog } from 'electron';
import { createTranslator, type Translator } from '../services/i18n';
import type { OpenDialogMode } from '../services/people-import/chosen-files';

function dialogOptions(mode: OpenDialogMode, t: Translator): Electron.OpenDialogOptions {
  switch (mode) {
    case 'files':
      return { title: t('main.dialogs.chooseFiles'), properties: ['openFile', 'multiSelections'] };
    case 'folder':
      return { title: t('main.dialogs.chooseFolder'), properties: ['openDirectory'] };
    case 'image':
      return {
        title: t('main.dialogs.choosePicture'),
        properties: ['openFile'],
        // Only a hint: main still checks the file's first bytes before anything is sent.
        filters: [{ name: t('main.dialogs.images'), extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }],
      };
    case 'spreadsheet':
      return {
        title: t('main.dialogs.chooseSpreadsheet'),
        properties: ['openFile'],
        // A hint: main reads by the file's extension and refuses what it cannot read with a clear message.
        filters: [{ name: t('main.dialogs.spreadsheets'), extensions: ['csv', 'xlsx'] }],
      };
  }
}

/**
 * Files (several), one folder, or one picture to upload, or a spreadsheet of people to invite; the
 * chosen paths are kept in main, never sent to the page. Titled in the app's language (`t`, British English unless given).
 */
export async function chooseUploadPaths(
  mode: OpenDialogMode,
  t: Translator = createTranslator(),
): Promise<string[] | undefined> {
  // Attached to a window the person sees: a sheet on a window hidden in the tray (macOS) would wait,
  // unseen, for an answer that never comes. Without one, the dialog opens on its own.
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows().find((w) => w.isVisible());
  const options = dialogOptions(mode, t);
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths;
}

/**
 * Says at start that this run has no Chromium sandbox, with the remedy for IT. Not modal: the app
 * works meanwhile, and the person can copy the commands from the dialog. The remedy (for IT, with
 * commands) stays in English.
 */
export async function showSandboxWarning(remedy: string, t: Translator = createTranslator()): Promise<void> {
  await dialog.showMessageBox({
    type: 'warning',
    title: t('main.sandboxWarning.title'),
    message: t('main.sandboxWarning.message'),
    detail: remedy,
    buttons: ['OK'],
  });
}
