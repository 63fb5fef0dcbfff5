/**
 * How `npm run test:electron` runs the Electron specs: Playwright's `electron` project in a private
 * keyring where none is usable (with-keyring), under xvfb-run on Linux when no display is set.
 */
export function electronSpecsCommand({ platform, env, node, extraArgs = [] }) {
  const npx = platform === 'win32' ? 'npx.cmd' : 'npx';
  const specs = [node, 'scripts/with-keyring.mjs', npx, 'playwright', 'test', '--project', 'electron', ...extraArgs];
  const needsVirtualDisplay = platform === 'linux' && !env.DISPLAY && !env.WAYLAND_DISPLAY;
  return {
    command: needsVirtualDisplay ? ['xvfb-run', '--auto-servernum', ...specs] : specs,
    needsVirtualDisplay,
    // VC_ELECTRON_SPECS tells the specs they were asked for: without it they skip themselves, saying how to run them.
    env: { ...env, VC_ELECTRON_SPECS: '1' },
  };
}
