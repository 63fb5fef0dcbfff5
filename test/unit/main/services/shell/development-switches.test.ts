import { describe, expect, it } from 'vitest';
import { developmentSwitches, viewMenuItems } from '../../../../../main/services/shell/development-switches';

const roles = (devTools: boolean) => viewMenuItems(devTools).flatMap((item) => ('role' in item ? [item.role] : []));

describe('development-only switches', () => {
  it('the installed app ignores a page address from the environment and has no DevTools', () => {
    expect(developmentSwitches(true, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' })).toEqual({
      rendererDevUrl: undefined,
      devTools: false,
    });
  });

  it('a development run uses the dev server when there is one, with DevTools', () => {
    expect(developmentSwitches(false, { ELECTRON_RENDERER_URL: 'http://localhost:5173/' })).toEqual({
      rendererDevUrl: 'http://localhost:5173/',
      devTools: true,
    });
    expect(developmentSwitches(false, {}).rendererDevUrl).toBeUndefined();
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
