/** Types of msi-policy.mjs, for the TypeScript tests that import it. */
export declare const POLICY_REGISTRY_KEY: string;

export declare const MSI_POLICY_PROPERTIES: { property: string; key: string }[];

export declare const MSI_MARKER: { file: string; text: string };

export declare function policyValueName(key: string): string;

export declare function stableGuid(namespace: string, name: string): string;

export declare function machinePolicyFragment(upgradeCode: string): string;

export declare function addToProduct(
  project: string,
  options: { featureId: string; what: string; fragmentFor: (upgradeCode: string) => string; requires?: string[] },
): string;

export declare function withMachinePolicy(project: string): string;
