import { existsSync, mkdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { isAbsolute, join } from 'node:path';
import { HIDDEN_START_ARG } from '../notifications/shell-decisions';

/**
 * Start at login on Linux. Electron's setLoginItemSettings does nothing there; desktops that follow
 * the XDG Autostart spec (GNOME, KDE, Xfce, Cinnamon, MATE, LXQt) start every application whose
 * desktop entry is in `$XDG_CONFIG_HOME/autostart/`. Turning the setting on writes that entry (Exec
 * with `--hidden`, so the app starts in the tray); turning it off removes it. Plain Node, so it is
 * tested against a temporary folder; the Electron shell decides when to call it.
 */

/** `$XDG_CONFIG_HOME` when set to an absolute path (the spec says to ignore a relative one), else `~/.config`. */
export function xdgConfigHome(env: NodeJS.ProcessEnv, homeDir: string): string {
  const configured = env.XDG_CONFIG_HOME;
  return configured && isAbsolute(configured) ? configured : join(homeDir, '.config');
}

/**
 * What to run at login: an AppImage by its own path (`$APPIMAGE`; the executable inside is in a
 * mount that changes every run), a packaged app by its executable, a development build as Electron
 * with the app folder. Always with `--hidden`.
 */
export function autostartCommand(input: {
  appImage: string | undefined;
  execPath: string;
  isPackaged: boolean;
  appPath: string;
}): string[] {
  if (input.appImage) return [input.appImage, HIDDEN_START_ARG];
  if (input.isPackaged) return [input.execPath, HIDDEN_START_ARG];
  return [input.execPath, input.appPath, HIDDEN_START_ARG];
}

/** Characters that make an Exec argument need quoting (Desktop Entry spec, "The Exec key"). */
const reserved = /[\s"'\\><~|&;$*?#()`]/;

/**
 * One argument as the Exec key wants it: quoted when needed (inside quotes `"`, `` ` ``, `$` and `\`
 * are escaped with a backslash), `%` doubled (it starts a field code), and then every backslash
 * doubled again, because the whole value is first read as a desktop-entry string.
 */
export function quoteExecArg(arg: string): string {
  if (arg.length === 0) return '""';
  if (/[\n\r\0]/.test(arg)) throw new Error('A start-at-login command cannot contain a line break.');
  const quoted = reserved.test(arg) ? `"${arg.replace(/["`$\\]/g, '\\$&')}"` : arg;
  return quoted.replace(/%/g, '%%').replace(/\\/g, '\\\\');
}

/** Names and comments are desktop-entry strings: a line break or a backslash must be escaped. */
const escapeString = (value: string) =>
  value.replace(/\\/g, '\\\\').replace(/\n/g, '\\n').replace(/\r/g, '\\r').replace(/\t/g, '\\t');

export interface AutostartEntry {
  /** The file's name without `.desktop`: the app id, e.g. org.videocollab.desktop. */
  id: string;
  name: string;
  comment: string;
  command: string[];
}

export function desktopEntry(entry: AutostartEntry): string {
  return [
    '[Desktop Entry]',
    'Type=Application',
    'Version=1.0',
    `Name=${escapeString(entry.name)}`,
    `Comment=${escapeString(entry.comment)}`,
    `Exec=${entry.command.map(quoteExecArg).join(' ')}`,
    'Terminal=false',
    'NoDisplay=true',
    'X-GNOME-Autostart-enabled=true',
    '',
  ].join('\n');
}

export class XdgAutostart {
  readonly path: string;

  constructor(private readonly options: { configHome: string; entry: AutostartEntry }) {
    if (!/^[A-Za-z0-9._-]+$/.test(options.entry.id)) throw new Error('Not a desktop file id.');
    this.path = join(options.configHome, 'autostart', `${options.entry.id}.desktop`);
  }

  /** True when the entry is there and not switched off by the desktop's own settings (Hidden=true). */
  isEnabled(): boolean {
    if (!existsSync(this.path)) return false;
    try {
      return !/^Hidden\s*=\s*true\s*$/m.test(readFileSync(this.path, 'utf8'));
    } catch {
      return false;
    }
  }

  /**
   * Writes or removes the entry. Writing again when the text differs keeps the command current (an
   * AppImage that was moved, a new install path); an identical entry is left alone.
   */
  apply(enabled: boolean): void {
    if (!enabled) {
      rmSync(this.path, { force: true });
      return;
    }
    const text = desktopEntry(this.options.entry);
    if (existsSync(this.path) && readFileSync(this.path, 'utf8') === text) return;
    mkdirSync(join(this.options.configHome, 'autostart'), { recursive: true });
    // Temporary file, then rename: a session starting meanwhile never reads half an entry.
    const temporary = `${this.path}.${process.pid}.tmp`;
    writeFileSync(temporary, text, { mode: 0o644 });
    renameSync(temporary, this.path);
  }
}
