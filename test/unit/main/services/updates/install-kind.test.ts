import { describe, expect, it } from 'vitest';
import { installKind, MSI_MARKER_FILE, MSI_MARKER_TEXT, type InstallFacts } from '../../../../../main/services/updates';

/** A computer as the running app sees it: files by path, nothing else. */
function facts(overrides: Partial<InstallFacts> & { files?: Record<string, string> }): InstallFacts {
  const files = overrides.files ?? {};
  return {
    platform: 'linux',
    isPackaged: true,
    execPath: '/opt/Video Collab Desktop/videocollab-desktop',
    resourcesPath: '/opt/Video Collab Desktop/resources',
    env: {},
    readText: (path) => files[path],
    exists: (path) => path in files,
    ...overrides,
  };
}

const windowsEnv = {
  ProgramFiles: 'C:\\Program Files',
  ProgramW6432: 'C:\\Program Files',
  'ProgramFiles(x86)': 'C:\\Program Files (x86)',
};

describe('how this copy of the app was installed', () => {
  it('a development run (npm start) is not an install, on any OS', () => {
    for (const platform of ['win32', 'darwin', 'linux'])
      expect(installKind(facts({ platform, isPackaged: false, env: { APPIMAGE: '/x.AppImage' } }))).toBe('development');
  });

  describe('Windows', () => {
    const win = (execPath: string, files: Record<string, string> = {}) =>
      installKind(
        facts({ platform: 'win32', execPath, resourcesPath: `${execPath}\\..\\resources`, env: windowsEnv, files }),
      );

    it('per user (NSIS into the person’s AppData)', () => {
      expect(win('C:\\Users\\teacher\\AppData\\Local\\Programs\\videocollab-desktop\\Video Collab Desktop.exe')).toBe(
        'nsis-per-user',
      );
    });

    it('per machine under Program Files (NSIS /allusers), whatever the case of the path', () => {
      expect(win('C:\\Program Files\\Video Collab Desktop\\Video Collab Desktop.exe')).toBe('windows-per-machine');
      expect(win('c:\\program files (x86)\\Video Collab Desktop\\Video Collab Desktop.exe')).toBe(
        'windows-per-machine',
      );
      // A folder whose name only starts like Program Files is not it.
      expect(win('C:\\Program Files Tools\\Video Collab Desktop\\Video Collab Desktop.exe')).toBe('nsis-per-user');
    });

    it('by the MSI, from the marker beside the executable, even where IT chose another folder', () => {
      const folder = 'D:\\Apps\\Video Collab Desktop';
      expect(
        win(`${folder}\\Video Collab Desktop.exe`, { [`${folder}\\${MSI_MARKER_FILE}`]: `${MSI_MARKER_TEXT}\r\n` }),
      ).toBe('msi');
      // The marker of another install (another folder) says nothing about this one.
      expect(
        win('C:\\Users\\teacher\\AppData\\Local\\Programs\\vc\\Video Collab Desktop.exe', {
          [`${folder}\\${MSI_MARKER_FILE}`]: MSI_MARKER_TEXT,
        }),
      ).toBe('nsis-per-user');
    });
  });

  describe('macOS', () => {
    const receipt = '/var/db/receipts/org.videocollab.desktop.plist';
    const mac = (execPath: string, files: Record<string, string> = {}) =>
      installKind(facts({ platform: 'darwin', execPath, resourcesPath: '/x/Resources', files }));
    const inApplications = '/Applications/Video Collab Desktop.app/Contents/MacOS/Video Collab Desktop';

    it('dragged from the dmg', () => {
      expect(mac(inApplications)).toBe('mac-app');
    });

    it('by the pkg (MDM): the receipt macOS keeps, for the copy in /Applications', () => {
      expect(mac(inApplications, { [receipt]: 'bplist00' })).toBe('mac-pkg');
      // A copy the person keeps in their own Applications folder is theirs.
      expect(mac(`/Users/teacher${inApplications}`, { [receipt]: 'bplist00' })).toBe('mac-app');
    });
  });

  describe('Linux', () => {
    it('an AppImage, from the APPIMAGE its runtime sets, even with a package-type file inside', () => {
      const resourcesPath = '/tmp/.mount_VideoCxyz/resources';
      expect(
        installKind(
          facts({
            execPath: '/tmp/.mount_VideoCxyz/videocollab-desktop',
            resourcesPath,
            env: { APPIMAGE: '/home/teacher/Apps/VideoCollab-Desktop.AppImage' },
            files: { [`${resourcesPath}/package-type`]: 'deb' },
          }),
        ),
      ).toBe('appimage');
    });

    it('the deb or the rpm, from the package-type file electron-builder writes, or from /opt', () => {
      const resources = '/opt/Video Collab Desktop/resources';
      expect(installKind(facts({ files: { [`${resources}/package-type`]: 'deb\n' } }))).toBe('linux-package');
      expect(installKind(facts({ files: { [`${resources}/package-type`]: 'rpm' } }))).toBe('linux-package');
      expect(installKind(facts({}))).toBe('linux-package');
    });

    it('an unpacked folder anywhere else cannot be updated', () => {
      expect(
        installKind(
          facts({
            execPath: '/home/teacher/linux-unpacked/videocollab-desktop',
            resourcesPath: '/home/teacher/linux-unpacked/resources',
          }),
        ),
      ).toBe('other');
    });
  });
});
