/** Types of native-arch.mjs, for the TypeScript tests that import it. */
export type BinaryFormat = 'ELF' | 'Mach-O' | 'PE';

export interface BinaryArch {
  format: BinaryFormat;
  /** electron-builder's CPU names (ia32, x64, armv7l, arm64), or `unknown CPU 0x…`. */
  arches: string[];
}

export declare const FORMAT_FOR_PLATFORM: Record<'linux' | 'darwin' | 'mas' | 'win32', BinaryFormat>;

export declare function readBinaryArch(bytes: Uint8Array): BinaryArch | undefined;

export declare function findNativeModules(dir: string): Promise<string[]>;

export declare function nativeModuleProblems(target: {
  appOutDir: string;
  platform: string;
  arch: string;
  required?: string[];
}): Promise<string[]>;
