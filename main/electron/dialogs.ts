import { BrowserWindow, dialog } from 'electron';
import type { UploadDialogMode } from '../services/uploads/feature';

const dialogOptions: Record<UploadDialogMode, Electron.OpenDialogOptions> = {
  files: { title: 'Choose files to upload', properties: ['openFile', 'multiSelections'] },
  folder: { title: 'Choose a folder to upload', properties: ['openDirectory'] },
  image: {
    title: 'Choose a picture',
    properties: ['openFile'],
    // Only a hint: main still checks the file's first bytes before anything is sent.
    filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }],
  },
};

/**
 * Files (several), one folder, or one picture to upload; the chosen paths are admitted in main,
 * never sent to the page.
 */
export async function chooseUploadPaths(mode: UploadDialogMode): Promise<string[] | undefined> {
  // Attached to a window the person sees: a sheet on a window hidden in the tray (macOS) would wait,
  // unseen, for an answer that never comes. Without one, the dialog opens on its own.
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows().find((w) => w.isVisible());
  const options = dialogOptions[mode];
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths;
}

/**
 * Says at start that this run has no Chromium sandbox, with the remedy for IT. Not modal: the app
 * works meanwhile, and the person can copy the commands from the dialog.
 */
export async function showSandboxWarning(remedy: string): Promise<void> {
  await dialog.showMessageBox({
    type: 'warning',
    title: 'Running without protection',
    message: "Video Collab Desktop is running without Chromium's sandbox on this computer.",
    detail: remedy,
    buttons: ['OK'],
  });
}
