import { BrowserWindow, nativeTheme } from 'electron';
import { join } from 'node:path';

export interface WindowOptions {
  preloadPath: string;
  url: string;
  title: string;
  /** False in the installed app: DevTools are a console onto the bridge (see development-switches). */
  devTools: boolean;
  /** The window's icon file (Linux and Windows show it; macOS takes the bundle's). */
  icon?: string;
  /**
   * The page is gone or starts again (window closed, reload, crash): it no longer hears what main
   * pushes until it says it is ready again.
   */
  onPageGone?: () => void;
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
    ...(options.icon ? { icon: options.icon } : {}),
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
      devTools: options.devTools,
    },
  });
  const pageGone = () => options.onPageGone?.();
  // Same-document navigations (the router's hash changes) keep the page and its listeners.
  window.webContents.on('did-start-navigation', (details) => {
    if (details.isMainFrame && !details.isSameDocument) pageGone();
  });
  window.webContents.on('render-process-gone', pageGone);
  window.on('closed', pageGone);
  window.once('ready-to-show', () => window.show());
  void window.loadURL(options.url);
  return window;
}

export const preloadPathFor = (mainDir: string): string => join(mainDir, '../preload/index.cjs');
