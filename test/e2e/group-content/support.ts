import { findWorld, TEACHER, type NotificationWorld } from '../../integration/notifications/support';
import { expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

export { TEACHER };
export const ADMIN = 'admin@northbridge.example';
export const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

/** Opens `route`, signs in on the way (the sign-in screen keeps the asked-for page), and waits for it. */
export function signInAt(harness: Harness, route: string, email = TEACHER): Promise<void> {
  return signInAs(harness, email, route);
}

/** The demo group the teacher belongs to (with another member), and its posts oldest first. */
export function groupWorld(harness: Harness): NotificationWorld & { postIds: number[]; groupName: string } {
  const running = harness.sandbox!;
  const world = findWorld(running);
  const db = running.sandbox.ctx.db;
  const postIds = (
    db
      .prepare('SELECT id FROM community_posts WHERE community_id = ? ORDER BY created_at ASC, id ASC')
      .all(world.communityId) as { id: number }[]
  ).map((row) => row.id);
  const { name } = db.prepare('SELECT name FROM communities WHERE id = ?').get(world.communityId) as { name: string };
  return { ...world, postIds, groupName: name };
}

/** Nothing but the expected page; axe finds no serious or critical problem on it. */
export async function expectAccessible(harness: Harness): Promise<void> {
  // Messages and dialogs fade in; axe would measure their colours half-way. (Spinners never end: not waited for.)
  await harness.page.waitForFunction(
    () =>
      document.getAnimations().filter((a) => a.playState === 'running' && a.effect?.getTiming().iterations !== Infinity)
        .length === 0,
  );
  expect(await harness.seriousA11yViolations()).toEqual([]);
}
