import type { SandboxContext } from '../context.js';

/**
 * Public address of a file stored under the data folder (paths in the database are relative to it),
 * served by GET /media/<path> (routes/core-media.ts). One definition for every area.
 */
export function mediaUrl(ctx: SandboxContext, relativePath: string | null | undefined): string | null {
  if (!relativePath) return null;
  const clean = relativePath
    .split(/[\\/]+/)
    .map(encodeURIComponent)
    .join('/');
  return `${ctx.config.origin}/media/${clean}`;
}

/** A row of the shared `videos` table (db/migrations/002-media.sql). */
export interface VideoRow {
  id: number;
  owner_id: number;
  organisation_id: number | null;
  title: string;
  description: string;
  duration_seconds: number;
  media_path: string | null;
  thumbnail_path: string | null;
  recorded_at: string | null;
  created_at: string;
}
