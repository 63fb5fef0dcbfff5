/**
 * What only a development run may do. The installed app (`app.isPackaged`) ignores a page address
 * from the environment (whoever can set one could load their own page next to our bridge) and offers
 * no DevTools and no Reload (a reload loses what the person was typing, and DevTools are a console
 * onto the bridge).
 */
export interface DevelopmentSwitches {
  /** electron-vite's dev server page (`npm run dev`); undefined: the built page from app://bundle. */
  rendererDevUrl: string | undefined;
  /** DevTools may open, and the View menu offers them and Reload. */
  devTools: boolean;
}

export function developmentSwitches(isPackaged: boolean, env: Record<string, string | undefined>): DevelopmentSwitches {
  if (isPackaged) return { rendererDevUrl: undefined, devTools: false };
  return { rendererDevUrl: env.ELECTRON_RENDERER_URL || undefined, devTools: true };
}

type ViewRole = 'reload' | 'forceReload' | 'toggleDevTools' | 'resetZoom' | 'zoomIn' | 'zoomOut' | 'togglefullscreen';
export type ViewMenuItem = { role: ViewRole } | { type: 'separator' };

/** The View menu. Electron's `viewMenu` role always includes Reload and DevTools, so it is spelled out here. */
export function viewMenuItems(devTools: boolean): ViewMenuItem[] {
  const separator: ViewMenuItem = { type: 'separator' };
  const zoom: ViewMenuItem[] = [{ role: 'resetZoom' }, { role: 'zoomIn' }, { role: 'zoomOut' }];
  const development: ViewMenuItem[] = devTools
    ? [{ role: 'reload' }, { role: 'forceReload' }, { role: 'toggleDevTools' }, separator]
    : [];
  return [...development, ...zoom, separator, { role: 'togglefullscreen' }];
}
