/** Types of electron-binary.mjs, for the TypeScript tests and specs that import it. */
export interface ElectronPackage {
  dir: string;
  version: string;
}

export interface DownloadProgress {
  transferred: number;
  total: number | null;
  percent: number;
}

export interface ArtifactDetails {
  version: string;
  artifactName: 'electron';
  platform: string;
  arch: string;
  cacheRoot: string | undefined;
  checksums: Record<string, string>;
  downloadOptions: { quiet: true; getProgressCallback(progress: DownloadProgress): Promise<void> };
}

export type Env = Record<string, string | undefined>;

export interface OutStream {
  write(text: string): unknown;
  isTTY?: boolean;
}

export type DownloadProblem =
  | { kind: 'network'; code: string }
  | { kind: 'tls'; code: string }
  | { kind: 'proxy-auth' | 'http'; status: number; code?: string }
  | { kind: 'checksum' }
  | { kind: 'other'; code?: string };

export declare function platformPath(platform: string): string;
export declare function electronPackage(root?: string): ElectronPackage;
export declare function installedBinary(pkg: ElectronPackage, env?: Env, platform?: string): string | undefined;
export declare function downloadSource(env?: Env): string;
export declare function proxyFor(env?: Env): string | undefined;
export declare function proxyEnvironment(env?: Env): { HTTPS_PROXY?: string; HTTP_PROXY?: string; NO_PROXY?: string };
export declare function classifyDownloadError(error: unknown): DownloadProblem;
export declare function downloadFailureMessage(
  error: unknown,
  target: { version: string; platform: string; arch: string; env?: Env },
): string;
export declare function skippedDownloadMessage(version: string): string;
export declare function progressReporter(
  stream: OutStream,
  label: string,
): { update(progress: DownloadProgress): void; done(): void };
export declare function electronGetDownloader(
  electronDir: string,
): (details: ArtifactDetails, env?: Env) => Promise<string>;
export declare function electronInstaller(electronDir: string): (env?: Env) => void;
export declare function ensureElectronBinary(options?: {
  pkg?: ElectronPackage;
  env?: Env;
  platform?: string;
  arch?: string;
  download?: (details: ArtifactDetails, env: Env) => Promise<unknown>;
  install?: (env: Env) => void;
  out?: OutStream;
}): Promise<string | undefined>;
export declare function defaultCacheFolder(platform: string): string;
