import { findWorld, TEACHER, type NotificationWorld } from '../../integration/notifications/support';
import { expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

export { TEACHER, findWorld, type NotificationWorld };
export const HOSTILE = '<img src=x onerror=alert(1)><script>alert(2)</script>';

/** Opens `route`, signs in on the way (the sign-in screen keeps the asked-for page), and waits for it. */
export function signInAt(harness: Harness, route: string, email = TEACHER): Promise<void> {
  return signInAs(harness, email, route);
}

/** axe finds no serious or critical problem on what is shown now (after animations settle). */
export async function expectAccessible(harness: Harness): Promise<void> {
  // Endless ones (a spinner) never finish, and a finished one that holds its end state stays listed.
  await harness.page.waitForFunction(() =>
    document
      .getAnimations()
      .every((animation) => animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity),
  );
  expect(await harness.seriousA11yViolations()).toEqual([]);
}

export function db(harness: Harness) {
  return harness.sandbox!.sandbox.ctx.db;
}

export function userId(harness: Harness, email: string): number {
  return db(harness).prepare('SELECT id FROM users WHERE email = ?').pluck().get(email) as number;
}

export function fullName(harness: Harness, id: number): string {
  const row = db(harness).prepare('SELECT first_name, last_name FROM users WHERE id = ?').get(id) as {
    first_name: string;
    last_name: string;
  };
  return `${row.first_name} ${row.last_name}`;
}

/** Calls a sandbox test control. */
export async function control(harness: Harness, method: string, path: string, body?: unknown): Promise<unknown> {
  const response = await fetch(harness.sandbox!.url + path, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });
  if (!response.ok) throw new Error(`${method} ${path} answered ${response.status}`);
  return response.json();
}

/** Creates a portfolio through the page's own bridge (for tests about something else than creating). */
export async function createThroughBridge(harness: Harness, title: string, description = ''): Promise<number> {
  const answer = await harness.page.evaluate(
    async ([t, d]) =>
      (
        window as unknown as {
          videoCollab: {
            portfolios: {
              create(p: { title: string; description: string }): Promise<{ ok: boolean; data?: { id: number } }>;
            };
          };
        }
      ).videoCollab.portfolios.create({ title: t!, description: d! }),
    [title, description],
  );
  if (!answer.ok || !answer.data) throw new Error('could not create a portfolio');
  return answer.data.id;
}
