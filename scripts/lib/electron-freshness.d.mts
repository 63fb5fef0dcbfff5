/** Types of electron-freshness.mjs, for the TypeScript tests that import it. */
export interface ReleaseSnapshot {
  /** When `npm view electron time` was asked (ISO). */
  fetchedAt: string;
  source: string;
  /** Stable releases, `{ "45.5.0": ISO date }`, oldest first. */
  releases: Record<string, string>;
}

export type FreshnessStatus = 'current' | 'behind' | 'too-far-behind' | 'unknown';

export interface Freshness {
  status: FreshnessStatus;
  message: string;
  latest?: string;
  daysBehind?: number;
}

export declare const MAX_DAYS_BEHIND: number;
export declare function parseVersion(version: string): [number, number, number] | undefined;
export declare function compareVersions(a: string, b: string): number;
export declare function snapshotFrom(time: Record<string, string>, installed: string, fetchedAt: Date): ReleaseSnapshot;
export declare function installedElectronVersion(lock: unknown): string;
export declare function electronFreshness(input: {
  installed: string;
  releases: Record<string, string>;
  today: Date;
  maxDays?: number;
}): Freshness;
export declare function snapshotAgeDays(snapshot: ReleaseSnapshot, today: Date): number;
