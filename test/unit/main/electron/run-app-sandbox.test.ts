import { afterEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import type { LinuxSandboxFacts } from '../../../../main/services/shell/linux-sandbox-check';
import { launchApp } from './launch-app';

/** Ubuntu 24.04, an AppImage its launcher had to start with --no-sandbox. */
const ubuntuAppImage: LinuxSandboxFacts = {
  platform: 'linux',
  appImagePath: '/home/teacher/Apps/Video-Collab-Desktop.AppImage',
  executablePath: '/tmp/.mount_VideoCabc/videocollab-desktop',
  apparmorRestrictsUserns: '1',
  apparmorLabel: 'unconfined',
  sandboxSwitchedOff: true,
};

describe("Chromium's sandbox on Linux", () => {
  let running: ReturnType<typeof launchApp> | undefined;
  afterEach(async () => {
    await running?.quit();
    running = undefined;
  });

  it('--check-sandbox prints the remedy for IT and exits 1, without a window or a second instance', async () => {
    running = launchApp({ argv: ['/opt/videocollab/videocollab', '--check-sandbox'], sandboxFacts: ubuntuAppImage });
    await running.started;
    expect(fakeElectron.state.exitCode).toBe(1);
    expect(running.printed.join('\n')).toContain('apparmor_parser -r');
    expect(fakeElectron.state.singleInstanceRequested).toBe(false);
    expect(fakeElectron.state.windows).toHaveLength(0);
  });

  it('--check-sandbox exits 0 where the sandbox works', async () => {
    running = launchApp({ argv: ['/opt/videocollab/videocollab', '--check-sandbox'] });
    await running.started;
    expect(fakeElectron.state.exitCode).toBe(0);
    expect(running.printed.join('\n')).toContain('sandbox works');
  });

  it('a run without the sandbox says so at start, with the remedy, and still opens the app', async () => {
    running = launchApp({ sandboxFacts: ubuntuAppImage });
    fakeElectron.answerNextDialog({ response: 0, checkboxChecked: false });
    await running.ready();
    const warning = fakeElectron.state.dialogs.find((d) => d.kind === 'message');
    expect(warning?.options.message).toMatch(/without Chromium's sandbox/);
    expect(String(warning?.options.detail)).toContain('/etc/apparmor.d/');
    expect(fakeElectron.state.windows).toHaveLength(1);
  });

  it('a run with the sandbox says nothing', async () => {
    running = launchApp();
    await running.ready();
    expect(fakeElectron.state.dialogs).toEqual([]);
  });
});
