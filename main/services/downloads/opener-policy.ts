/**
 * Whether a downloaded file may be opened with the system's default app. Opening a program or a
 * script runs it: one click on a file a stranger put in a group would run their code. Those are
 * shown in their folder instead, where the person decides. Judged by the name's last extension
 * (what the OS judges by too); a name with no extension opens (the OS asks which app).
 */

/** Programs, installers, scripts and shortcuts on Windows, macOS and Linux (lower case, no dot). */
export const runnableExtensions: ReadonlySet<string> = new Set([
  // Windows programs, installers and shortcuts
  'exe', 'msi', 'msp', 'msix', 'msixbundle', 'appx', 'appxbundle', 'com', 'scr', 'pif', 'cpl', 'msc', 'lnk',
  'url', 'reg', 'hta', 'inf', 'sys', 'dll', 'ocx', 'application', 'gadget', 'appref-ms', 'settingcontent-ms',
  // Windows scripts
  'bat', 'cmd', 'ps1', 'psm1', 'psd1', 'ps1xml', 'vbs', 'vbe', 'js', 'jse', 'wsf', 'wsh', 'wsc', 'sct', 'msh',
  'mshxml', 'scf', 'ins', 'isp',
  // Cross-platform runtimes
  'jar', 'jnlp', 'py', 'pyw', 'pyc', 'pl', 'rb', 'php',
  // macOS
  'app', 'command', 'tool', 'workflow', 'action', 'dmg', 'pkg', 'mpkg', 'terminal', 'scpt', 'applescript',
  'osax', 'prefpane', 'kext',
  // Linux
  'sh', 'bash', 'zsh', 'csh', 'ksh', 'fish', 'run', 'bin', 'appimage', 'deb', 'rpm', 'snap', 'flatpak',
  'flatpakref', 'desktop', 'elf', 'out',
]); // prettier-ignore

/** The last extension of a file name, lower case without the dot; '' when it has none. */
export function extensionOf(fileName: string): string {
  // Trailing dots and spaces are dropped by Windows ("setup.exe." runs as setup.exe).
  const trimmed = fileName.replace(/[. ]+$/, '');
  const base = trimmed.split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot <= 0 ? '' : base.slice(dot + 1).toLowerCase();
}

export type OpenDecision = 'open' | 'show-in-folder';

/** 'open' for documents, pictures, videos...; 'show-in-folder' for anything that would run. */
export function openDecisionFor(fileName: string): OpenDecision {
  return runnableExtensions.has(extensionOf(fileName)) ? 'show-in-folder' : 'open';
}
