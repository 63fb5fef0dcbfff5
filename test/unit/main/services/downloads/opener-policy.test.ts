import { describe, expect, it } from 'vitest';
import { extensionOf, openableExtensions, openDecisionFor } from '../../../../../main/services/downloads/opener-policy';

describe('which downloaded files may be opened directly', () => {
  it.each([
    // Programs, installers, scripts and shortcuts the old deny-list knew.
    'setup.exe',
    'installer.msi',
    'run.bat',
    'run.cmd',
    'old.com',
    'script.ps1',
    'macro.vbs',
    'code.js',
    'code.jse',
    'job.wsf',
    'screensaver.scr',
    'install.sh',
    'Tool.app',
    'start.command',
    'tool.jar',
    'shortcut.lnk',
    'settings.reg',
    'page.hta',
    'panel.cpl',
    'console.msc',
    'disk.dmg',
    'package.pkg',
    'tool.AppImage',
    'package.deb',
    'package.rpm',
    // Everything issue 28 found the deny-list missed.
    'classroom.rdp',
    'Lessons.library-ms',
    'Shared.searchConnector-ms',
    'school.theme',
    'help.chm',
    'help.hlp',
    'disk.iso',
    'disk.img',
    'disk.vhd',
    'disk.vhdx',
    'update.appinstaller',
    'patch.msu',
    'addin.xll',
    'portal.website',
    'notes.one',
    'folder.fileloc',
    'server.inetloc',
    'page.webloc',
    'app.shortcut',
    'page.html',
    'drawing.svg',
    'archive.mht',
    // And what nobody listed: web pages, macros, archives, disk images, playlists, data.
    'page.htm',
    'page.xhtml',
    'archive.mhtml',
    'budget.xlsm',
    'letter.docm',
    'slides.pptm',
    'show.ppsx',
    'lessons.zip',
    'lessons.7z',
    'lessons.rar',
    'feed.xml',
    'print.xps',
    'tunes.m3u',
    'stream.asx',
    'song.wma',
    'data.json',
  ])('%s is shown in its folder, never opened', (name) => {
    expect(openDecisionFor(name)).toBe('show-in-folder');
  });

  it.each([
    'lesson-plan.pdf',
    'notes.docx',
    'notes.doc',
    'marks.xlsx',
    'slides.pptx',
    'essay.odt',
    'table.ods',
    'talk.odp',
    'letter.rtf',
    'photo.JPG',
    'photo.jpeg',
    'scan.png',
    'wave.gif',
    'phone.heic',
    'picture.webp',
    'scan.tiff',
    'lesson.mp4',
    'clip.mov',
    'clip.webm',
    'clip.mkv',
    'clip.avi',
    'clip.wmv',
    'talk.mp3',
    'talk.m4a',
    'talk.wav',
    'notes.txt',
    'data.csv',
    'README.md',
  ])('%s opens', (name) => {
    expect(openDecisionFor(name)).toBe('open');
  });

  it('shows a name without an extension in its folder: the system would guess what it is', () => {
    expect(openDecisionFor('README')).toBe('show-in-folder');
    expect(openDecisionFor('.bashrc')).toBe('show-in-folder');
  });

  it('judges by the last extension, whatever comes before it', () => {
    expect(openDecisionFor('invoice.pdf.exe')).toBe('show-in-folder');
    expect(openDecisionFor('lesson.mp4.lnk')).toBe('show-in-folder');
    expect(openDecisionFor('photo.jpg.html')).toBe('show-in-folder');
    expect(openDecisionFor('setup.exe.pdf')).toBe('open');
  });

  it('sees through case and the trailing dots and spaces Windows ignores, but not look-alikes', () => {
    expect(openDecisionFor('SETUP.EXE')).toBe('show-in-folder');
    expect(openDecisionFor('Classroom.RDP')).toBe('show-in-folder');
    expect(openDecisionFor('Help.ChM')).toBe('show-in-folder');
    expect(openDecisionFor('setup.exe. . ')).toBe('show-in-folder');
    expect(openDecisionFor('Plan.PDF')).toBe('open');
    expect(openDecisionFor('plan.pdf. .')).toBe('open');
    // A one-dot leader or a no-break space is not a dot or a space: not an extension on the list.
    expect(openDecisionFor('plan.pdf\u2024exe')).toBe('show-in-folder');
    expect(openDecisionFor('plan.pdf\u00a0')).toBe('show-in-folder');
  });

  it('reads no extension from a dot file or a name without one', () => {
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('Makefile')).toBe('');
    expect(extensionOf('folder.v2/readme')).toBe('');
  });

  it('lists only lower-case extensions without a dot', () => {
    for (const extension of openableExtensions) expect(extension).toMatch(/^[a-z0-9]+$/);
  });
});
