/** Types of after-pack.mjs, for the TypeScript tests that call it as electron-builder does. */
export default function afterPack(context: {
  appOutDir: string;
  electronPlatformName: string;
  /** electron-builder's `Arch` enum value. */
  arch: number;
}): Promise<void>;
