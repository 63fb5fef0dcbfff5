import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow } from 'electron';
import { join } from 'node:path';
import { fakeElectron } from '../../../support/fake-electron';
import { createFileShell } from '../../../../main/electron/file-shell';
import { createTranslator } from '../../../../main/services/i18n';

/** Downloads' thin Electron part: the save dialog, the downloads folder, open and show in folder. */

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
});

describe('the file shell', () => {
  it('suggests the file name in the downloads folder, on the window in front, and answers the chosen path', async () => {
    const window = new BrowserWindow({ show: true });
    window.focus();
    const shell = createFileShell();
    expect(shell.downloadsFolder()).toBe('/home/teacher/Downloads');
    fakeElectron.answerNextDialog({ canceled: false, filePath: '/home/teacher/Documents/plan.pdf' });
    expect(await shell.chooseSavePath('plan.pdf')).toBe('/home/teacher/Documents/plan.pdf');
    expect(fakeElectron.state.dialogs.at(-1)).toMatchObject({
      kind: 'save',
      hadParent: true,
      options: {
        title: 'Save file',
        defaultPath: join('/home/teacher/Downloads', 'plan.pdf'),
        properties: ['createDirectory', 'showOverwriteConfirmation'],
      },
    });
  });

  it('answers undefined when the dialog is cancelled, and titles it in the app’s language', async () => {
    const shell = createFileShell(createTranslator('nb-NO'));
    fakeElectron.answerNextDialog({ canceled: true, filePath: '' });
    expect(await shell.chooseSavePath('plan.pdf')).toBeUndefined();
    expect(fakeElectron.state.dialogs.at(-1)).toMatchObject({ hadParent: false, options: { title: 'Lagre fil' } });
  });

  it('opens with the system’s app and shows in the folder through Electron’s shell', async () => {
    const shell = createFileShell();
    expect(await shell.openPath('/home/teacher/Downloads/plan.pdf')).toBe('');
    shell.showInFolder('/home/teacher/Downloads/setup.exe');
    expect(fakeElectron.state.openedPaths).toEqual(['/home/teacher/Downloads/plan.pdf']);
    expect(fakeElectron.state.shownInFolder).toEqual(['/home/teacher/Downloads/setup.exe']);
  });
});
