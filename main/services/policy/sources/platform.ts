import type { CheckFile } from '../file-trust';
import type { PolicyLayer, ReadFile, RunCommand } from '../layer';
import { LINUX_POLICY_PATH, REGISTRY_POLICY_PATH, macMachinePolicyPath, macUserPolicyPath } from '../locations';
import type { SourceInput } from '../resolve';
import { readPolicyJson } from './json';
import { readManagedPreferences } from './plist';
import { readRegistryPolicy } from './registry';

/** Which policy stores each OS has, machine first: the machine's policy wins over the user's. */

export interface PolicyIo {
  platform: NodeJS.Platform;
  readFile: ReadFile;
  /** Whether only an administrator could have written a file (policy files, CaCertificateFile). */
  checkFile: CheckFile;
  runCommand: RunCommand;
  /** The login name, for macOS's per-user managed preferences. */
  userName: string;
  /** Windows' folder (`SystemRoot`), where reg.exe lives. */
  systemRoot?: string;
}

interface PolicyStore {
  origin: 'policy-machine' | 'policy-user';
  label: string;
  read: () => Promise<PolicyLayer>;
}

function storesFor(io: PolicyIo): PolicyStore[] {
  switch (io.platform) {
    case 'win32': {
      const systemRoot = io.systemRoot ?? 'C:\\Windows';
      return [
        {
          origin: 'policy-machine',
          label: `HKLM\\${REGISTRY_POLICY_PATH}`,
          read: () => readRegistryPolicy('machine', io.runCommand, systemRoot),
        },
        {
          origin: 'policy-user',
          label: `HKCU\\${REGISTRY_POLICY_PATH}`,
          read: () => readRegistryPolicy('user', io.runCommand, systemRoot),
        },
      ];
    }
    case 'darwin':
      return [
        {
          origin: 'policy-machine',
          label: macMachinePolicyPath,
          read: () => readManagedPreferences(macMachinePolicyPath, io.readFile, io.checkFile),
        },
        {
          origin: 'policy-user',
          label: macUserPolicyPath(io.userName),
          read: () => readManagedPreferences(macUserPolicyPath(io.userName), io.readFile, io.checkFile),
        },
      ];
    default:
      return [
        {
          origin: 'policy-machine',
          label: LINUX_POLICY_PATH,
          read: () => readPolicyJson(LINUX_POLICY_PATH, io.readFile, io.checkFile),
        },
      ];
  }
}

/** Reads every policy store of this OS at once; each reader turns its own failures into problems. */
export async function readPolicyStores(io: PolicyIo): Promise<SourceInput[]> {
  const stores = storesFor(io);
  const layers = await Promise.all(stores.map((store) => store.read()));
  return stores.map(({ origin, label }, index) => ({ origin, label, layer: layers[index]! }));
}
