import { chmodSync, mkdtempSync, writeFileSync } from 'node:fs';
import { readFile, realpath, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileTrustChecker, loadManagedConfig, type CheckFile, type ManagedConfig } from '../../main/services/policy';
import { LINUX_POLICY_PATH } from '../../main/services/policy/locations';

/** A Linux policy.json as IT writes it (docs/deploying.md). */
export interface PolicyFile {
  mandatory?: Record<string, unknown>;
  recommended?: Record<string, unknown>;
}

/**
 * The real check of who may change a file (main/services/policy/file-trust.ts) on this computer's
 * files, with the test's own user standing in for IT's root (tests do not run as root everywhere).
 * `renamed` maps a place the app looks (the policy file's) to the file the test wrote instead.
 */
export function checkFilesAsIt(renamed: Record<string, string> = {}): CheckFile {
  const check = fileTrustChecker({
    platform: process.platform,
    realpath,
    stat,
    administrators: [0, process.getuid?.() ?? 0],
  });
  return (path) => check(renamed[path] ?? path);
}

/**
 * Reads `policy` as run-app does on Linux: written to a temporary folder and read through the real
 * loadManagedConfig, as if it were /etc/videocollab-desktop/policy.json.
 */
export async function managedFromPolicy(
  policy: PolicyFile,
  /** The file's permission bits; a mistake such as 0o666 makes the app ignore it. */
  options: { mode?: number; log?: (line: string) => void } = {},
): Promise<ManagedConfig> {
  const folder = mkdtempSync(join(tmpdir(), 'vc-policy-'));
  const file = join(folder, 'policy.json');
  writeFileSync(file, JSON.stringify(policy));
  if (options.mode !== undefined) chmodSync(file, options.mode);
  return loadManagedConfig({
    packaged: true,
    platform: 'linux',
    argv: [],
    env: {},
    userName: 'teacher',
    readFile: (path) =>
      path === LINUX_POLICY_PATH ? readFile(file) : Promise.reject(Object.assign(new Error(path), { code: 'ENOENT' })),
    checkFile: checkFilesAsIt({ [LINUX_POLICY_PATH]: file }),
    runCommand: () => Promise.reject(new Error('no reg.exe on Linux')),
    ...(options.log ? { log: options.log } : {}),
  });
}
