#!/usr/bin/env node
/**
 * `npm run test:electron`: the Electron specs (test/e2e/electron, Playwright project `electron`) on
 * purpose, since they need the real Electron binary (about 100 MB, fetched here first with a progress
 * line) and a display. `npm test` leaves them out and says so. Extra arguments go to Playwright.
 */
import { spawn } from 'node:child_process';
import { ensureElectronBinary } from './lib/electron-binary.mjs';
import { electronSpecsCommand } from './lib/electron-specs.mjs';
import { haveCommand } from './lib/system.mjs';

const run = (cmd, args, env = process.env) =>
  new Promise((resolve) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    child.on('exit', (code, signal) => resolve(code ?? (signal ? 1 : 0)));
  });

const binary = await ensureElectronBinary();
if (!binary) process.exit(1);

const specs = electronSpecsCommand({
  platform: process.platform,
  env: process.env,
  node: process.execPath,
  extraArgs: process.argv.slice(2),
});
if (specs.needsVirtualDisplay && !haveCommand('xvfb-run')) {
  console.error(
    'No display is set, and xvfb-run is not installed to provide one. Install it with:\n  sudo apt-get install -y xvfb',
  );
  process.exit(1);
}

// The specs start the production build (out/main/index.js).
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';
const built = await run(npx, ['electron-vite', 'build']);
if (built !== 0) process.exit(built);

console.log(`Electron specs with ${binary}${specs.needsVirtualDisplay ? ' (under xvfb-run: no display is set)' : ''}`);
process.exit(await run(specs.command[0], specs.command.slice(1), specs.env));
