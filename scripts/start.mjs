#!/usr/bin/env node
/**
 * `npm start`: starts the local sandbox service with demo data, then the app pointed at it.
 * `npm run dev`: the same with electron-vite's dev server (hot reload of the renderer).
 * Set VC_SERVICE_URL to use another service instead of the sandbox.
 */
import { spawn } from 'node:child_process';
import { createInterface } from 'node:readline';
import { ensureElectronBinary } from './lib/electron-binary.mjs';

const dev = process.argv.includes('--dev');
const npx = process.platform === 'win32' ? 'npx.cmd' : 'npx';

// Electron 45 downloads its binary on first use: fetch it here, with progress and a plain message on failure.
if (!(await ensureElectronBinary())) {
  console.error('To try the service without the app: npm run sandbox');
  process.exit(1);
}

/**
 * Starts the sandbox and resolves with its JSON announcement line. The fixed demo port comes first:
 * the keychain entry is keyed by the service's address, so the same port restores the same session.
 */
function startSandbox(port) {
  const child = spawn(process.execPath, ['--import', 'tsx', 'sandbox/src/cli.ts', '--port', String(port), '--json'], {
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  return new Promise((resolve, reject) => {
    const lines = createInterface({ input: child.stdout });
    lines.once('line', (line) => {
      try {
        resolve({ child, info: JSON.parse(line) });
      } catch {
        reject(new Error(`The sandbox said something unexpected: ${line}`));
      }
    });
    child.once('exit', (code) => reject(new Error(`The sandbox stopped before it was ready (exit ${code}).`)));
  });
}

let sandbox;
const env = { ...process.env };
if (!process.env.VC_SERVICE_URL) {
  try {
    // 4010 is the demo address; if something else holds it, any free port will do (sign in again then).
    const { child, info } = await startSandbox(4010).catch(() => startSandbox(0));
    sandbox = child;
    env.VC_SERVICE_URL = info.url;
    env.VC_TOKEN_URL = info.tokenUrl;
    env.VC_DEMO = '1';
    console.log(`Demo service: ${info.url}  (data: ${info.dataDir})`);
    console.log('Demo accounts (password "demo-password"):');
    for (const account of info.accounts ?? []) console.log(`  ${account.email ?? account.Email}`);
  } catch (error) {
    console.error(error instanceof Error ? error.message : error);
    process.exit(1);
  }
}

const app = spawn(npx, ['electron-vite', dev ? 'dev' : 'preview'], { stdio: 'inherit', env });
const stop = () => {
  app.kill('SIGTERM');
  sandbox?.kill('SIGTERM');
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
app.on('exit', (code) => {
  sandbox?.kill('SIGTERM');
  process.exit(code ?? 0);
});
