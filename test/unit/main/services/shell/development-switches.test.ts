import { describe, expect, it } from 'vitest';
import { developmentSwitches, viewMenuItems } from '../../../../../main/services/shell/development-switches';

const roles = (devTools: boolean) => viewMenuItems(devTools).flatMap((item) => ('role' in item ? [item.role] : []));

describe('development-only switches', () => {
  it('the installed app ignores a page address and a data folder from the environment, and has no DevTools', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/', VC_DATA_DIR: '/tmp/prepared', VC_DEMO: '1' };
    expect(developmentSwitches(true, env)).toEqual({
      rendererDevUrl: undefined,
      devTools: false,
      dataDir: undefined,
      ignored: ['ELECTRON_RENDERER_URL', 'VC_DATA_DIR', 'VC_DEMO'],
    });
    expect(developmentSwitches(true, {}).ignored).toEqual([]);
  });

  it('a development run uses the dev server and the data folder when given, with DevTools', () => {
    const env = { ELECTRON_RENDERER_URL: 'http://localhost:5173/', VC_DATA_DIR: '/tmp/profile-2' };
    expect(developmentSwitches(false, env)).toEqual({
      rendererDevUrl: 'http://localhost:5173/',
      devTools: true,
      dataDir: '/tmp/profile-2',
      ignored: [],
    });
    expect(developmentSwitches(false, {})).toMatchObject({ rendererDevUrl: undefined, dataDir: undefined });
  });

  it('the View menu offers Reload and DevTools only in development; zoom and fullscreen always', () => {
    expect(roles(false)).toEqual(['resetZoom', 'zoomIn', 'zoomOut', 'togglefullscreen']);
    expect(roles(true)).toEqual([
      'reload',
      'forceReload',
      'toggleDevTools',
      'resetZoom',
      'zoomIn',
      'zoomOut',
      'togglefullscreen',
    ]);
  });
});
