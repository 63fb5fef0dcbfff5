import { join } from 'node:path';

/**
 * Where the app's icon files are at run time. electron-builder puts them in the installers' own
 * places (the .exe, the .app bundle, the Linux desktop entry), but a Linux window shows the icon it is
 * given, so the icons are also copied into `resources/icons/` (electron-builder.yml, extraResources).
 * In development they are read from `build/` (scripts/make-icons.mjs draws them).
 */

/** The PNG sizes in build/icons and in the packaged resources/icons. */
export const APP_ICON_SIZES = [16, 24, 32, 48, 64, 128, 256, 512, 1024] as const;
export type AppIconSize = (typeof APP_ICON_SIZES)[number];

/** Where the app runs from: Electron's `app.isPackaged`, `process.resourcesPath`, `app.getAppPath()`. */
export interface AppLocation {
  packaged: boolean;
  resourcesPath: string;
  appPath: string;
}

const iconsDir = (where: AppLocation): string =>
  where.packaged ? join(where.resourcesPath, 'icons') : join(where.appPath, 'build', 'icons');

/** One size of the icon as a PNG (Linux window icon, or a plain fallback image for the tray). */
export function appIconPngPath(where: AppLocation, size: AppIconSize): string {
  return join(iconsDir(where), `${size}x${size}.png`);
}

/**
 * The file for BrowserWindow's `icon` option, or undefined where the system takes the icon from the
 * app bundle and ignores the option (macOS).
 */
export function appIconPath(where: AppLocation, platform: NodeJS.Platform): string | undefined {
  if (platform === 'darwin') return undefined;
  // Windows scales an .ico's own small sizes for the title bar and taskbar.
  if (platform === 'win32')
    return where.packaged ? join(iconsDir(where), 'icon.ico') : join(where.appPath, 'build', 'icon.ico');
  // Linux desktops scale a large PNG down for the title bar, the dock and the window switcher.
  return appIconPngPath(where, 512);
}
