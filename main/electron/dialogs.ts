import { BrowserWindow, dialog } from 'electron';

/** A native open dialog for one image; the path never passes through the page. */
export async function chooseImageFile(): Promise<string | undefined> {
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const options: Electron.OpenDialogOptions = {
    title: 'Choose a picture',
    properties: ['openFile'],
    filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }],
  };
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths[0];
}

/** Files (several) or one folder to upload; the chosen paths are admitted in main, never sent to the page. */
export async function chooseUploadPaths(mode: 'files' | 'folder'): Promise<string[] | undefined> {
  const parent = BrowserWindow.getFocusedWindow() ?? BrowserWindow.getAllWindows()[0];
  const options: Electron.OpenDialogOptions =
    mode === 'files'
      ? { title: 'Choose files to upload', properties: ['openFile', 'multiSelections'] }
      : { title: 'Choose a folder to upload', properties: ['openDirectory'] };
  const result = parent ? await dialog.showOpenDialog(parent, options) : await dialog.showOpenDialog(options);
  return result.canceled ? undefined : result.filePaths;
}
