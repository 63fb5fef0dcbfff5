#!/usr/bin/env node
/**
 * Fetches the Electron binary on purpose (Electron 45 otherwise downloads it on the first
 * `require('electron')`): a progress line, and a plain message naming proxy or firewall causes when
 * the download is refused. Exit 0 with the executable's path, or 1. `npm start` and
 * `npm run test:electron` do the same first; this is the step on its own.
 */
import { ensureElectronBinary } from './lib/electron-binary.mjs';

const binary = await ensureElectronBinary();
if (!binary) process.exit(1);
console.log(binary);
