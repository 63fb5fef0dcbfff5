import { mkdtempSync, writeFileSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { loadManagedConfig, type ManagedConfig } from '../../main/services/policy';
import { LINUX_POLICY_PATH } from '../../main/services/policy/locations';

/** A Linux policy.json as IT writes it (docs/deploying.md). */
export interface PolicyFile {
  mandatory?: Record<string, unknown>;
  recommended?: Record<string, unknown>;
}

/**
 * Reads `policy` as run-app does on Linux: written to a temporary folder and read through the real
 * loadManagedConfig, as if it were /etc/videocollab-desktop/policy.json.
 */
export async function managedFromPolicy(policy: PolicyFile): Promise<ManagedConfig> {
  const folder = mkdtempSync(join(tmpdir(), 'vc-policy-'));
  const file = join(folder, 'policy.json');
  writeFileSync(file, JSON.stringify(policy));
  return loadManagedConfig({
    packaged: true,
    platform: 'linux',
    argv: [],
    env: {},
    userName: 'teacher',
    readFile: (path) =>
      path === LINUX_POLICY_PATH ? readFile(file) : Promise.reject(Object.assign(new Error(path), { code: 'ENOENT' })),
    runCommand: () => Promise.reject(new Error('no reg.exe on Linux')),
  });
}
