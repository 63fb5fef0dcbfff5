import { describe, expect, it } from 'vitest';
import { extensionOf, openDecisionFor } from '../../../../../main/services/downloads/opener-policy';

describe('which downloaded files may be opened directly', () => {
  it.each([
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
  ])('%s is shown in its folder, never run', (name) => {
    expect(openDecisionFor(name)).toBe('show-in-folder');
  });

  it.each(['lesson-plan.pdf', 'notes.docx', 'photo.JPG', 'lesson.mp4', 'README', 'data.csv'])('%s opens', (name) => {
    expect(openDecisionFor(name)).toBe('open');
  });

  it('judges by the last extension, whatever comes before it', () => {
    expect(openDecisionFor('invoice.pdf.exe')).toBe('show-in-folder');
    expect(openDecisionFor('setup.exe.pdf')).toBe('open');
  });

  it('sees through upper case and the trailing dots and spaces Windows ignores', () => {
    expect(openDecisionFor('SETUP.EXE')).toBe('show-in-folder');
    expect(openDecisionFor('setup.exe. . ')).toBe('show-in-folder');
  });

  it('reads no extension from a dot file or a name without one', () => {
    expect(extensionOf('.bashrc')).toBe('');
    expect(extensionOf('Makefile')).toBe('');
    expect(extensionOf('folder.v2/readme')).toBe('');
  });
});
