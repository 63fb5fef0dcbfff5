import type { RunningSandbox } from '../../support/sandbox';

/** Ids in the demo world a test needs, read straight from the sandbox's database. */
export interface NotificationWorld {
  teacherId: number;
  /** One of the teacher's own portfolios, and a mentor it is shared with (who may comment on it). */
  portfolioId: number;
  mentorEmail: string;
  /** A colleague's portfolio not yet shared with the teacher, and the colleague. */
  otherPortfolioId: number;
  colleagueEmail: string;
  /** A group the teacher belongs to, and another accepted member who can post in it. */
  communityId: number;
  posterEmail: string;
}

export const TEACHER = 'teacher@northbridge.example';

export function findWorld(running: RunningSandbox): NotificationWorld {
  const db = running.sandbox.ctx.db;
  const one = <T>(sql: string, ...params: unknown[]): T => {
    const row = db.prepare(sql).get(...params) as T | undefined;
    if (!row) throw new Error(`The demo data has nothing for: ${sql}`);
    return row;
  };
  const teacher = one<{ id: number }>('SELECT id FROM users WHERE email = ?', TEACHER);
  const shared = one<{ portfolio_id: number; email: string }>(
    `SELECT s.portfolio_id, u.email FROM portfolio_shares s JOIN portfolios p ON p.id = s.portfolio_id
     JOIN users u ON u.id = s.user_id WHERE p.creator_id = ? ORDER BY s.portfolio_id LIMIT 1`,
    teacher.id,
  );
  const other = one<{ id: number; email: string }>(
    `SELECT p.id, u.email FROM portfolios p JOIN users u ON u.id = p.creator_id
     WHERE p.creator_id <> ? AND u.is_active = 1
       AND NOT EXISTS (SELECT 1 FROM portfolio_shares s WHERE s.portfolio_id = p.id AND s.user_id = ?)
     ORDER BY p.id LIMIT 1`,
    teacher.id,
    teacher.id,
  );
  const group = one<{ community_id: number; email: string }>(
    `SELECT m.community_id, u.email FROM community_members m
     JOIN community_members other ON other.community_id = m.community_id AND other.user_id <> m.user_id AND other.is_accepted = 1
     JOIN users u ON u.id = other.user_id
     WHERE m.user_id = ? AND m.is_accepted = 1 AND u.is_active = 1 ORDER BY m.community_id LIMIT 1`,
    teacher.id,
  );
  return {
    teacherId: teacher.id,
    portfolioId: shared.portfolio_id,
    mentorEmail: shared.email,
    otherPortfolioId: other.id,
    colleagueEmail: other.email,
    communityId: group.community_id,
    posterEmail: group.email,
  };
}
