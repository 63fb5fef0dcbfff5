import { describe, expect, it } from 'vitest';
import {
  checkSandboxOutput,
  linuxSandboxReport,
  readLinuxSandboxFacts,
  sandboxBlock,
  type LinuxSandboxFacts,
} from '../../../../../main/services/shell/linux-sandbox-check';

const APPIMAGE = '/home/teacher/Apps/Video Collab Desktop.AppImage';

/** Ubuntu 24.04 running our AppImage, which electron-builder's launcher started with --no-sandbox. */
const ubuntu2404AppImage: LinuxSandboxFacts = {
  platform: 'linux',
  appImagePath: APPIMAGE,
  executablePath: '/tmp/.mount_VideoCx1y2z3/videocollab-desktop',
  apparmorRestrictsUserns: '1',
  apparmorLabel: 'unconfined',
  // mksquashfs -all-root makes the helper root-owned, but the AppImage's mount ignores setuid.
  chromeSandbox: { uid: 0, mode: 0o104755 },
  sandboxSwitchedOff: true,
};

describe('deciding whether Chromium’s sandbox can start on Linux', () => {
  it('says the AppImage runs unprotected on Ubuntu 24.04, and gives IT the .deb or the exact profile', () => {
    const report = linuxSandboxReport(ubuntu2404AppImage);
    expect(report).toMatchObject({ sandboxed: false, block: 'apparmor' });
    expect(report.message).toContain("Video Collab Desktop is running without Chromium's sandbox");
    expect(report.message).toContain('Install the .deb package instead of the AppImage');
    expect(report.message).toContain(
      [
        "sudo tee /etc/apparmor.d/videocollab-desktop-appimage >/dev/null <<'EOF'",
        'abi <abi/4.0>,',
        'include <tunables/global>',
        '',
        `profile videocollab-desktop-appimage "${APPIMAGE}" flags=(unconfined) {`,
        '  userns,',
        '  include if exists <local/videocollab-desktop-appimage>',
        '}',
        'EOF',
        'sudo apparmor_parser -r /etc/apparmor.d/videocollab-desktop-appimage',
      ].join('\n'),
    );
    expect(report.message).toContain('after moving or renaming the AppImage, change the path');
    // Never advise running without the sandbox, and advise against switching the restriction off.
    expect(report.message).not.toMatch(/(use|start|run) (it )?with --no-sandbox/i);
    expect(report.message).toContain('we do not recommend it');
  });

  it('finds nothing to say once the .deb’s AppArmor profile confines the app', () => {
    const deb: LinuxSandboxFacts = {
      platform: 'linux',
      executablePath: '/opt/Video Collab Desktop/videocollab-desktop',
      apparmorRestrictsUserns: '1',
      apparmorLabel: 'videocollab-desktop (unconfined)',
      chromeSandbox: { uid: 0, mode: 0o100755 },
      sandboxSwitchedOff: false,
    };
    expect(sandboxBlock(deb)).toBeUndefined();
    expect(linuxSandboxReport(deb)).toEqual({ sandboxed: true });
  });

  it('counts a setuid-root helper outside an AppImage as a working sandbox', () => {
    const debWithoutProfile: LinuxSandboxFacts = {
      platform: 'linux',
      executablePath: '/opt/Video Collab Desktop/videocollab-desktop',
      apparmorRestrictsUserns: '1',
      apparmorLabel: 'unconfined',
      chromeSandbox: { uid: 0, mode: 0o104755 },
      sandboxSwitchedOff: false,
    };
    expect(sandboxBlock(debWithoutProfile)).toBeUndefined();
    expect(sandboxBlock({ ...debWithoutProfile, chromeSandbox: { uid: 1000, mode: 0o104755 } })).toBe('apparmor');
  });

  it('predicts the abort for an unpacked copy and names its own executable in the profile', () => {
    const unpacked: LinuxSandboxFacts = {
      platform: 'linux',
      executablePath: '/home/teacher/vc/videocollab-desktop',
      apparmorRestrictsUserns: '1',
      apparmorLabel: 'unconfined',
      sandboxSwitchedOff: true,
    };
    const report = linuxSandboxReport(unpacked);
    expect(report.block).toBe('apparmor');
    expect(report.message).toContain('Reinstall the .deb package');
    expect(report.message).toContain(
      'profile videocollab-desktop "/home/teacher/vc/videocollab-desktop" flags=(unconfined) {',
    );
  });

  it('sends Debian computers with user namespaces off to the .deb, not to an AppArmor profile', () => {
    const debian: LinuxSandboxFacts = {
      ...ubuntu2404AppImage,
      apparmorRestrictsUserns: undefined,
      usernsClone: '0',
    };
    const report = linuxSandboxReport(debian);
    expect(report.block).toBe('userns-off');
    expect(report.message).toContain('kernel.unprivileged_userns_clone = 0');
    expect(report.message).toContain('install the .deb package instead of the AppImage');
    expect(report.message).not.toContain('apparmor_parser');
  });

  it('asks for --no-sandbox to be removed where the sandbox would work', () => {
    const ubuntu2204 = { ...ubuntu2404AppImage, apparmorRestrictsUserns: undefined };
    const report = linuxSandboxReport(ubuntu2204);
    expect(report.sandboxed).toBe(false);
    expect(report.message).toBe(
      "Video Collab Desktop was started with --no-sandbox, but Chromium's sandbox works on this computer. Remove --no-sandbox from the shortcut or command that starts it.",
    );
    expect(linuxSandboxReport({ ...ubuntu2204, sandboxSwitchedOff: false })).toEqual({ sandboxed: true });
  });

  it('has nothing to say on Windows and macOS', () => {
    const mac: LinuxSandboxFacts = { platform: 'darwin', executablePath: '/Applications/x', sandboxSwitchedOff: false };
    expect(linuxSandboxReport(mac)).toEqual({ sandboxed: true });
    expect(sandboxBlock({ ...ubuntu2404AppImage, platform: 'win32' })).toBeUndefined();
  });
});

describe('--check-sandbox', () => {
  it('prints the remedy and exits 1 where the sandbox cannot run', () => {
    const output = checkSandboxOutput(ubuntu2404AppImage);
    expect(output.exitCode).toBe(1);
    expect(output.text).toContain('sudo apparmor_parser -r /etc/apparmor.d/videocollab-desktop-appimage');
  });

  it('says the sandbox works and exits 0 where it does', () => {
    const fine = { ...ubuntu2404AppImage, apparmorRestrictsUserns: '0', sandboxSwitchedOff: false };
    expect(checkSandboxOutput(fine)).toEqual({ text: "Chromium's sandbox works on this computer.", exitCode: 0 });
  });
});

describe('reading the facts', () => {
  it('reads the kernel switches, the AppArmor label, $APPIMAGE and the helper beside the executable', () => {
    const files: Record<string, string> = {
      '/proc/sys/kernel/apparmor_restrict_unprivileged_userns': '1\n',
      '/proc/self/attr/apparmor/current': 'unconfined\n\0',
    };
    const stats: string[] = [];
    const facts = readLinuxSandboxFacts(true, {
      platform: 'linux',
      env: { APPIMAGE },
      execPath: '/tmp/.mount_VideoCx1y2z3/videocollab-desktop',
      readText: (path) => files[path],
      stat: (path) => {
        stats.push(path);
        return { uid: 0, mode: 0o100755 };
      },
    });
    expect(facts).toEqual({ ...ubuntu2404AppImage, chromeSandbox: { uid: 0, mode: 0o100755 }, usernsClone: undefined });
    expect(stats).toEqual(['/tmp/.mount_VideoCx1y2z3/chrome-sandbox']);
  });

  it('falls back to the older AppArmor label file', () => {
    const facts = readLinuxSandboxFacts(false, {
      platform: 'linux',
      env: {},
      execPath: '/opt/x/videocollab-desktop',
      readText: (path) => (path === '/proc/self/attr/current' ? 'videocollab-desktop (unconfined)' : undefined),
      stat: () => undefined,
    });
    expect(facts.apparmorLabel).toBe('videocollab-desktop (unconfined)');
    expect(facts.appImagePath).toBeUndefined();
  });
});
