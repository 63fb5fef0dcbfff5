/**
 * What only a development run may do. The installed app (`app.isPackaged`) ignores a page address
 * from the environment (whoever can set one could load their own page next to our bridge), another
 * data folder from the environment (one that someone else prepared could hold an upload queue naming
 * the person's private files, or a chosen service), and offers no DevTools and no Reload (a reload loses
 * what the person was typing, and DevTools are a console onto the bridge). The settings among the
 * development switches (`VC_SERVICE_URL`, `--service-url`, …) are main/services/policy/launch-options.ts's.
 */
export interface DevelopmentSwitches {
  /** electron-vite's dev server page (`npm run dev`); undefined: the built page from app://bundle. */
  rendererDevUrl: string | undefined;
  /** DevTools may open, and the View menu offers them and Reload. */
  devTools: boolean;
  /** `VC_DATA_DIR`: the data folder instead of Electron's (tests, a second profile); undefined: Electron's. */
  dataDir: string | undefined;
  /** The development variables this run was given and ignores (an installed app): for one line in the log. */
  ignored: string[];
}

/** Variables that only a run from source reads (`VC_DEMO` and `VC_SERVICE_URL`: main/config.ts). */
const DEVELOPMENT_VARIABLES = ['ELECTRON_RENDERER_URL', 'VC_DATA_DIR', 'VC_DEMO'] as const;

export function developmentSwitches(isPackaged: boolean, env: Record<string, string | undefined>): DevelopmentSwitches {
  if (isPackaged) {
    const ignored = DEVELOPMENT_VARIABLES.filter((name) => env[name]);
    return { rendererDevUrl: undefined, devTools: false, dataDir: undefined, ignored };
  }
  return {
    rendererDevUrl: env.ELECTRON_RENDERER_URL || undefined,
    devTools: true,
    dataDir: env.VC_DATA_DIR || undefined,
    ignored: [],
  };
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
