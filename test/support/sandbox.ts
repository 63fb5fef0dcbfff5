import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/src/server.js';

export interface RunningSandbox {
  sandbox: Sandbox;
  url: string;
  dataDir: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

/**
 * Starts a real sandbox (real SQLite file, real HTTP on 127.0.0.1) in this process,
 * in a fresh temporary data folder.
 */
export async function startSandbox(options: Partial<SandboxOptions> = {}): Promise<RunningSandbox> {
  const dataDir = options.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const sandbox = await createSandbox({ controls: true, ...options, dataDir });
  const url = await sandbox.listen(0);
  return {
    sandbox,
    url,
    dataDir,
    async stop({ keepData = false } = {}) {
      await sandbox.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
