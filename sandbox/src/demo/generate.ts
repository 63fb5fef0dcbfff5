import type { SandboxContext } from '../context.js';
import { inTransaction } from '../db/database.js';
import { hashPassword } from '../auth/tokens.js';
import { DEMO_PASSWORD, demoOrganisations } from './accounts.js';
import { seedCore } from './core.js';
import { writeDemoMedia } from './media.js';
import { seededRandom } from './prng.js';
import type { DemoWorld } from './world.js';
import { seedGroups } from './groups.js';
import { seedPortfolios } from './portfolios.js';

export const DEMO_SEED = 20240917;

export interface SeedOptions {
  /** The "now" the history is generated back from; defaults to midnight UTC today, so reports show recent data. */
  now?: Date;
  seed?: number;
}

/**
 * Fills an empty sandbox with demo data: the same seed and day give the same data. Core people and
 * organisations first, then the groups and portfolios areas build on the same world.
 */
export function seedDemo(ctx: SandboxContext, profile: DemoWorld['profile'], options: SeedOptions = {}): DemoWorld {
  const today = ctx.now();
  const now = options.now ?? new Date(Date.UTC(today.getUTCFullYear(), today.getUTCMonth(), today.getUTCDate()));
  const random = seededRandom(options.seed ?? DEMO_SEED);
  const mediaDir = writeDemoMedia(ctx.config.dataDir, demoOrganisations.length);
  const passwordHash = hashPassword(DEMO_PASSWORD);
  const world: DemoWorld = {
    ...inTransaction(ctx.db, () => seedCore(ctx, { profile, now, random, passwordHash })),
    mediaDir,
  };
  inTransaction(ctx.db, () => seedGroups(ctx, world));
  inTransaction(ctx.db, () => seedPortfolios(ctx, world));
  ctx.db.pragma('wal_checkpoint(TRUNCATE)');
  return world;
}

/** True when the data folder has never been seeded (no users yet). */
export const needsSeed = (ctx: SandboxContext): boolean =>
  Number(ctx.db.prepare('SELECT COUNT(*) FROM users').pluck().get()) === 0;
