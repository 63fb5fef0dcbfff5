import { beforeEach, describe, expect, it } from 'vitest';
import { BrowserWindow } from 'electron';
import { fakeElectron } from '../../../support/fake-electron';
import { chooseUploadPaths, showSandboxWarning } from '../../../../main/electron/dialogs';
import { createTranslator } from '../../../../main/services/i18n';

/** The open dialogs behind Choose files…, Choose a folder… and Change picture…. */

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
});

const lastDialog = () => fakeElectron.state.dialogs.at(-1)!;

describe('choosing what to upload', () => {
  it('offers several files, one folder, or one picture, each with its own title', async () => {
    new BrowserWindow({ show: true }).focus();
    fakeElectron.answerNextDialog({ canceled: false, filePaths: ['/home/teacher/a.mp4', '/home/teacher/b.mp4'] });
    expect(await chooseUploadPaths('files')).toEqual(['/home/teacher/a.mp4', '/home/teacher/b.mp4']);
    expect(lastDialog()).toMatchObject({
      kind: 'open',
      options: { title: 'Choose files to upload', properties: ['openFile', 'multiSelections'] },
    });

    fakeElectron.answerNextDialog({ canceled: false, filePaths: ['/home/teacher/Lessons'] });
    expect(await chooseUploadPaths('folder')).toEqual(['/home/teacher/Lessons']);
    expect(lastDialog().options).toEqual({ title: 'Choose a folder to upload', properties: ['openDirectory'] });

    fakeElectron.answerNextDialog({ canceled: false, filePaths: ['/home/teacher/me.png'] });
    expect(await chooseUploadPaths('image')).toEqual(['/home/teacher/me.png']);
    expect(lastDialog().options).toEqual({
      title: 'Choose a picture',
      properties: ['openFile'],
      filters: [{ name: 'Images', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }],
    });
  });

  it("titles each dialog, and names the picture filter, in the app's language", async () => {
    const norwegian = createTranslator('nb-NO');
    new BrowserWindow({ show: true }).focus();
    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    await chooseUploadPaths('files', norwegian);
    expect(lastDialog().options.title).toBe('Velg filer som skal lastes opp');

    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    await chooseUploadPaths('folder', norwegian);
    expect(lastDialog().options.title).toBe('Velg en mappe som skal lastes opp');

    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    await chooseUploadPaths('image', norwegian);
    expect(lastDialog().options).toEqual({
      title: 'Velg et bilde',
      properties: ['openFile'],
      filters: [{ name: 'Bilder', extensions: ['png', 'jpg', 'jpeg', 'gif', 'webp'] }],
    });
  });

  it("offers one spreadsheet of people to invite, filtered to CSV and Excel, in the app's language", async () => {
    new BrowserWindow({ show: true }).focus();
    fakeElectron.answerNextDialog({ canceled: false, filePaths: ['/home/admin/intake.csv'] });
    expect(await chooseUploadPaths('spreadsheet')).toEqual(['/home/admin/intake.csv']);
    expect(lastDialog().options).toEqual({
      title: 'Choose a list of people to invite',
      properties: ['openFile'],
      filters: [{ name: 'Spreadsheets (CSV, Excel)', extensions: ['csv', 'xlsx'] }],
    });
    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    expect(await chooseUploadPaths('spreadsheet', createTranslator('nb-NO'))).toBeUndefined();
    expect(lastDialog().options.title).toBe('Velg en liste over personer som skal inviteres');
  });

  it('answers nothing when the dialog is cancelled', async () => {
    new BrowserWindow({ show: true });
    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    expect(await chooseUploadPaths('files')).toBeUndefined();
  });

  it('attaches the dialog to the focused window, else to a visible one', async () => {
    const behind = new BrowserWindow({ show: true });
    const focused = new BrowserWindow({ show: true });
    focused.focus();
    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    await chooseUploadPaths('files');
    expect(lastDialog().parent).toBe(focused);

    // Another application has the focus now.
    fakeElectron.state.windows.forEach((window) => (window.focused = false));
    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    await chooseUploadPaths('folder');
    expect(lastDialog().parent).toBe(behind);
  });

  it('opens on its own, not on a window hidden in the tray where nobody would see it', async () => {
    const hidden = new BrowserWindow({ show: true });
    hidden.hide();
    fakeElectron.answerNextDialog({ canceled: false, filePaths: ['/home/teacher/a.mp4'] });
    expect(await chooseUploadPaths('files')).toEqual(['/home/teacher/a.mp4']);
    expect(lastDialog().hadParent).toBe(false);
  });

  it('opens on its own when there is no window at all', async () => {
    fakeElectron.answerNextDialog({ canceled: true, filePaths: [] });
    expect(await chooseUploadPaths('image')).toBeUndefined();
    expect(lastDialog().hadParent).toBe(false);
  });
});

describe('the warning for a run without the sandbox', () => {
  it("is in the app's language, with IT's remedy as given", async () => {
    fakeElectron.answerNextDialog({ response: 0, checkboxChecked: false });
    await showSandboxWarning('sudo apparmor_parser -r /etc/apparmor.d/videocollab', createTranslator('nb-NO'));
    expect(lastDialog()).toMatchObject({
      kind: 'message',
      options: {
        title: 'Kjører uten beskyttelse',
        message: 'Video Collab Desktop kjører uten sandkassen til Chromium på denne datamaskinen.',
        detail: 'sudo apparmor_parser -r /etc/apparmor.d/videocollab',
      },
    });
  });

  it('is in British English unless told otherwise', async () => {
    fakeElectron.answerNextDialog({ response: 0, checkboxChecked: false });
    await showSandboxWarning('remedy');
    expect(lastDialog().options).toMatchObject({
      title: 'Running without protection',
      message: "Video Collab Desktop is running without Chromium's sandbox on this computer.",
    });
  });
});
