import type Database from 'better-sqlite3';
import type { WireVariant } from './http/wire.js';

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
  /** How `/api` answers are written (`--wire`): as the interface states them, or another real-world shape. */
  wire: WireVariant;
}

export interface SandboxContext {
  db: Database.Database;
  config: SandboxConfig;
  /** Injected clock so tests can reason about expiry. */
  now: () => Date;
}
