import { BrowserWindow, nativeTheme } from 'electron';
import { join } from 'node:path';

export interface WindowOptions {
  preloadPath: string;
  url: string;
  title: string;
}

/** The main window with every Electron security switch in its safe position. */
export function createMainWindow(options: WindowOptions): BrowserWindow {
  const window = new BrowserWindow({
    width: 1200,
    height: 800,
    minWidth: 800,
    minHeight: 560,
    show: false,
    title: options.title,
    // Avoids a white flash in dark mode before the page paints.
    backgroundColor: nativeTheme.shouldUseDarkColors ? '#18181b' : '#ffffff',
    webPreferences: {
      preload: options.preloadPath,
      contextIsolation: true,
      sandbox: true,
      nodeIntegration: false,
      nodeIntegrationInWorker: false,
      nodeIntegrationInSubFrames: false,
      webSecurity: true,
      allowRunningInsecureContent: false,
      experimentalFeatures: false,
      webviewTag: false,
      spellcheck: true,
    },
  });
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}

export const preloadPathFor = (mainDir: string): string => join(mainDir, '../preload/index.cjs');
