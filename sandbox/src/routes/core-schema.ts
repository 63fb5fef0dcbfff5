import type { SandboxContext } from '../context.js';

/**
 * Other areas own some tables the core endpoints read (counts, activity names). Asking the schema first
 * keeps a core endpoint answering even in a data folder created before such a table existed.
 */
export function hasTable(ctx: SandboxContext, name: string): boolean {
  return ctx.db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = ?").get(name) !== undefined;
}

/** Runs a COUNT(*)-style query when its table exists; 0 otherwise. */
export function countIn(ctx: SandboxContext, table: string, sql: string, ...params: unknown[]): number {
  if (!hasTable(ctx, table)) return 0;
  return Number(
    ctx.db
      .prepare(sql)
      .pluck()
      .get(...params) ?? 0,
  );
}

/** snake_case row to PascalCase object (`created_at` becomes `CreatedStamp`, as the service names stamps). */
export function pascalRow(row: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(row)) {
    const name = key
      .replace(/_at$/, '_stamp')
      .split('_')
      .map((part) => part.charAt(0).toUpperCase() + part.slice(1))
      .join('');
    out[name] = value;
  }
  return out;
}
