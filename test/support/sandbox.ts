import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSandbox, type Sandbox, type SandboxOptions } from '../../sandbox/src/server.js';
import { sandboxTls } from '../../sandbox/src/tls.js';
import { isWireVariant, type WireVariant } from '../../sandbox/src/http/wire.js';

export interface RunningSandbox {
  sandbox: Sandbox;
  url: string;
  dataDir: string;
  /** With `tls: true`: the sandbox CA's certificate (PEM) and its file in the data folder. */
  caPem?: string;
  caPath?: string;
  stop(options?: { keepData?: boolean }): Promise<void>;
}

export interface StartSandboxOptions extends Omit<Partial<SandboxOptions>, 'tls'> {
  /** Serve HTTPS with a certificate from the sandbox's own CA, as `--tls` does. */
  tls?: boolean;
}

/**
 * The wire variant test sandboxes answer in unless a test names one: `VC_SANDBOX_WIRE` lets CI run the
 * API-layer suites against every variant (`scripts/test-all.mjs`). A misspelt value fails loudly.
 */
export function wireFromEnvironment(env: NodeJS.ProcessEnv = process.env): WireVariant {
  const value = env.VC_SANDBOX_WIRE ?? 'strict';
  if (!isWireVariant(value)) throw new Error(`VC_SANDBOX_WIRE='${value}' is not a wire variant.`);
  return value;
}

/**
 * Starts a real sandbox (real SQLite file, real HTTP on 127.0.0.1) in this process,
 * in a fresh temporary data folder.
 */
export async function startSandbox(options: StartSandboxOptions = {}): Promise<RunningSandbox> {
  const { tls: useTls, ...rest } = options;
  const dataDir = rest.dataDir ?? mkdtempSync(join(tmpdir(), 'sandbox-test-'));
  const tls = useTls ? sandboxTls(dataDir) : undefined;
  const sandbox = await createSandbox({
    controls: true,
    wire: wireFromEnvironment(),
    ...rest,
    dataDir,
    ...(tls ? { tls: { key: tls.key, cert: tls.cert } } : {}),
  });
  const url = await sandbox.listen(0);
  return {
    sandbox,
    url,
    dataDir,
    ...(tls ? { caPem: tls.caPem, caPath: tls.caPath } : {}),
    async stop({ keepData = false } = {}) {
      await sandbox.close();
      if (!keepData) rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
