import { existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { XdgAutostart, type AutostartEntry } from '../../../main/services/autostart/xdg-autostart';

/** The autostart entry on a real file system, in a temporary XDG config folder. */
let configHome: string;
beforeEach(() => {
  configHome = mkdtempSync(join(tmpdir(), 'vc-xdg-config-'));
});
afterEach(() => rmSync(configHome, { recursive: true, force: true }));

const entry = (command: string[]): AutostartEntry => ({
  id: 'org.videocollab.desktop',
  name: 'Video Collab Desktop',
  comment: 'Notifications and uploads in the tray',
  command,
});

describe('start at login on Linux (XDG autostart)', () => {
  it('turning it on writes $XDG_CONFIG_HOME/autostart/<id>.desktop with --hidden; off removes it', () => {
    const autostart = new XdgAutostart({ configHome, entry: entry(['/opt/videocollab/videocollab', '--hidden']) });
    expect(autostart.path).toBe(join(configHome, 'autostart', 'org.videocollab.desktop.desktop'));
    expect(autostart.isEnabled()).toBe(false);

    autostart.apply(true);
    expect(autostart.isEnabled()).toBe(true);
    const text = readFileSync(autostart.path, 'utf8');
    expect(text).toMatch(/^Exec=\/opt\/videocollab\/videocollab --hidden$/m);
    expect(readdirSync(join(configHome, 'autostart'))).toEqual(['org.videocollab.desktop.desktop']); // no temp left

    autostart.apply(false);
    expect(existsSync(autostart.path)).toBe(false);
    expect(autostart.isEnabled()).toBe(false);
    autostart.apply(false); // already off: nothing to do, no error
  });

  it('follows an AppImage that was moved: the next start rewrites the command', () => {
    new XdgAutostart({ configHome, entry: entry(['/home/sam/Downloads/Video Collab.AppImage', '--hidden']) }).apply(
      true,
    );
    const moved = new XdgAutostart({ configHome, entry: entry(['/home/sam/Apps/Video Collab.AppImage', '--hidden']) });
    moved.apply(true);
    expect(readFileSync(moved.path, 'utf8')).toMatch(/^Exec="\/home\/sam\/Apps\/Video Collab.AppImage" --hidden$/m);
  });

  it('leaves other autostart entries alone, and reads an entry the desktop switched off as off', () => {
    mkdirSync(join(configHome, 'autostart'));
    writeFileSync(join(configHome, 'autostart', 'other.desktop'), '[Desktop Entry]\nName=Other\n');
    const autostart = new XdgAutostart({ configHome, entry: entry(['/usr/bin/videocollab', '--hidden']) });
    autostart.apply(true);
    writeFileSync(autostart.path, `${readFileSync(autostart.path, 'utf8')}Hidden=true\n`);
    expect(autostart.isEnabled()).toBe(false);
    autostart.apply(true); // on again: the switched-off copy is replaced by ours
    expect(autostart.isEnabled()).toBe(true);
    autostart.apply(false);
    expect(readdirSync(join(configHome, 'autostart'))).toEqual(['other.desktop']);
  });

  it('refuses an id that is not a plain file name', () => {
    expect(() => new XdgAutostart({ configHome, entry: { ...entry([]), id: '../escape' } })).toThrow();
  });
});
