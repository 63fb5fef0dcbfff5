import type Database from 'better-sqlite3';

/** Everything a route module needs, built once per server by `createSandbox`. */
export interface SandboxConfig {
  /** Folder holding sandbox.db and uploaded files. */
  dataDir: string;
  /** Folder where multipart uploads are streamed to. */
  filesDir: string;
  /** Access-token lifetime in seconds (short in tests). */
  tokenTtlSeconds: number;
  /** Refresh-token lifetime in seconds. */
  refreshTtlSeconds: number;
  /** Largest accepted upload in bytes; larger answers 413. */
  maxUploadBytes: number;
  /** Enables /sandbox/* test controls (outbox, simulate, faults). */
  controls: boolean;
  /** Public origin once listening, e.g. http://127.0.0.1:4010 (set by the server). */
  origin: string;
  /** How paged lists are written: an object wrapper (default) or a bare array, to exercise clients. */
  pagedShape: 'wrapper' | 'array';
}

export interface SandboxContext {
  db: Database.Database;
  config: SandboxConfig;
  /** Injected clock so tests can reason about expiry. */
  now: () => Date;
}
