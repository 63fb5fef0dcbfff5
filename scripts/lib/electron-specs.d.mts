/** Types of electron-specs.mjs, for the TypeScript tests that import it. */
export declare function electronSpecsCommand(options: {
  platform: string;
  env: Record<string, string | undefined>;
  node: string;
  extraArgs?: string[];
}): { command: string[]; needsVirtualDisplay: boolean; env: Record<string, string | undefined> };
