import type { Page } from '@playwright/test';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

interface Draft {
  id: number;
  video_id: number;
  title: string;
  tagset_id: number;
}

/** The teacher's first draft with a tag set, and that set's tags in order, from the sandbox's database. */
function world(harness: Harness) {
  const db = harness.sandbox!.sandbox.ctx.db;
  const teacher = db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number };
  const draft = db
    .prepare(
      `SELECT id, video_id, title, tagset_id FROM tagged_videos
       WHERE owner_id = ? AND status = 1 AND tagset_id IS NOT NULL ORDER BY id LIMIT 1`,
    )
    .get(teacher.id) as Draft;
  const tags = db
    .prepare('SELECT id, name FROM tags WHERE tagset_id = ? ORDER BY ordinal, id')
    .all(draft.tagset_id) as { id: number; name: string }[];
  const saved = (taggedVideoId: number) =>
    db
      .prepare(
        `SELECT tag_id, start_seconds, end_seconds, note FROM tagged_video_tags
         WHERE tagged_video_id = ? ORDER BY start_seconds, id`,
      )
      .all(taggedVideoId) as {
      tag_id: number;
      start_seconds: number;
      end_seconds: number | null;
      note: string | null;
    }[];
  return { db, teacherId: teacher.id, draft, tags, saved };
}

async function fault(harness: Harness, rule: Record<string, unknown> | null): Promise<void> {
  const url = `${harness.sandbox!.url}/sandbox/faults`;
  const response = await fetch(url, {
    method: rule ? 'POST' : 'DELETE',
    ...(rule ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(rule) } : {}),
  });
  expect(response.ok).toBe(true);
}

const video = (page: Page) => page.getByTestId('video-element');
const playerTime = (page: Page) => video(page).evaluate((v: HTMLVideoElement) => v.currentTime);

async function playMuted(page: Page): Promise<void> {
  await expect
    .poll(() => video(page).evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
    .toBeGreaterThan(5);
  await video(page).evaluate(async (v: HTMLVideoElement) => {
    v.muted = true;
    v.focus();
    await v.play();
  });
}

test.describe('tagging on the timeline', () => {
  test('keys 1-9 place tags while the sample plays; tags move, change, go and come back; a restart keeps them', async ({
    harness,
  }) => {
    const { page } = harness;
    const { draft, tags, saved } = world(harness);
    const before = saved(draft.id).length;
    await signInAs(harness, TEACHER, `/videos/${draft.video_id}/tagged/${draft.id}`, 'tagged-video-page');
    const palette = page.getByTestId('tag-palette');
    await expect(palette.getByRole('button')).toHaveCount(tags.length);
    await expect(
      palette.getByRole('button', { name: `Place “${tags[0]!.name}” at the current moment` }),
    ).toHaveAttribute('aria-keyshortcuts', '1');
    const segments = page.getByTestId('timeline-segment');
    await expect(segments).toHaveCount(before);

    // While it plays: 1, then (a little later) 2, with focus on the player.
    await playMuted(page);
    await expect.poll(() => playerTime(page)).toBeGreaterThan(1);
    await page.keyboard.press('1');
    await expect.poll(() => playerTime(page)).toBeGreaterThan(2.5);
    await page.keyboard.press('2');
    await video(page).evaluate((v: HTMLVideoElement) => v.pause());
    await expect(segments).toHaveCount(before + 2);
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');
    const afterKeys = saved(draft.id);
    expect(afterKeys).toHaveLength(before + 2);
    const first = afterKeys.find(
      (row) => row.tag_id === tags[0]!.id && row.start_seconds > 1 && row.start_seconds < 2.6,
    );
    const second = afterKeys.find((row) => row.tag_id === tags[1]!.id && row.start_seconds > 2.5);
    expect(first).toBeTruthy();
    expect(second).toBeTruthy();
    expect(second!.start_seconds).toBeGreaterThan(first!.start_seconds);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('tagging-placed');

    // The tag just placed is the chosen one: a note typed for it places nothing, even with digits.
    const editor = page.getByTestId('tag-editor');
    await expect(editor.getByTestId('editor-name')).toHaveText(tags[1]!.name);
    await editor.getByLabel('Note').fill('Question 1 of 3');
    await editor.getByLabel('Note').press('Tab');
    await expect(segments).toHaveCount(before + 2);
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');
    expect(saved(draft.id).map((row) => row.note)).toContain('Question 1 of 3');

    // Arrow keys on its segment move it by half a second; Delete removes it, Undo brings it back.
    const segment = page.locator(`[data-testid="timeline-segment"][aria-pressed="true"]`);
    const start = Number(await segment.getAttribute('data-start'));
    await segment.focus();
    await page.keyboard.press('ArrowRight');
    await expect(segment).toHaveAttribute('data-start', String(Math.round((start + 0.5) * 1000) / 1000));
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');
    await page.keyboard.press('Delete');
    await expect(segments).toHaveCount(before + 1);
    await expect(page.getByTestId('tagging-notice')).toContainText(`Removed “${tags[1]!.name}”`);
    await page.getByTestId('undo').click();
    await expect(segments).toHaveCount(before + 2);
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');
    const moved = saved(draft.id).find((row) => row.note === 'Question 1 of 3')!;
    expect(moved.start_seconds).toBeCloseTo(start + 0.5, 3);

    // An end time from the editor, typed with a comma.
    await editor.getByLabel('End (seconds, optional)').fill(String(start + 1.5).replace('.', ','));
    await editor.getByLabel('End (seconds, optional)').press('Enter');
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');
    expect(saved(draft.id).find((row) => row.note === 'Question 1 of 3')!.end_seconds).toBeCloseTo(start + 1.5, 3);
    await editor.getByLabel('End (seconds, optional)').fill('0');
    await editor.getByLabel('End (seconds, optional)').press('Enter');
    await expect(page.getByTestId('editor-problem')).toHaveText('A tag cannot end before it starts.');
    await harness.screenshots('tagging-editor');

    // "Restart": the app quits and starts again on the same data; the tags are there.
    await harness.restart(`/videos/${draft.video_id}/tagged/${draft.id}`);
    await expect(page.getByTestId('tagged-video-page')).toBeVisible();
    await expect(segments).toHaveCount(before + 2);
    await expect(page.getByTestId('tag-list')).toContainText('Question 1 of 3');
    expect(await harness.seriousA11yViolations()).toEqual([]);
  });

  test('a failed save keeps the tag and says why; it is saved when the service is back', async ({ harness }) => {
    const { page } = harness;
    const { draft, tags, saved } = world(harness);
    const before = saved(draft.id).length;
    await signInAs(harness, TEACHER, `/videos/${draft.video_id}/tagged/${draft.id}`, 'tagged-video-page');
    await expect(page.getByTestId('tag-palette')).toBeVisible();
    await fault(harness, { Method: 'PUT', PathPattern: '/taggedVideos/', Kind: 'status', Status: 503 });

    await page.getByTestId('tag-palette').getByRole('button').first().focus();
    await page.keyboard.press('3');
    const failed = page.getByTestId('save-failed');
    await expect(failed).toContainText('Tags not saved');
    await expect(failed).toContainText('Your tags are kept here.');
    await expect(page.getByTestId('timeline-segment')).toHaveCount(before + 1);
    await expect(page.getByTestId('tag-list')).toContainText(tags[2]!.name);
    expect(saved(draft.id)).toHaveLength(before);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('tagging-save-failed');

    // Leaving the page and coming back keeps the unsaved tag; the service back, it is saved.
    await page.getByRole('link', { name: 'All tagged videos of this recording' }).click();
    await expect(page.getByTestId('video-tagged-videos-page')).toBeVisible();
    await page.goBack();
    await expect(page.getByTestId('timeline-segment')).toHaveCount(before + 1);

    // Quitting while the service still fails loses nothing either: the tag is shown again and retried.
    await harness.restart(`/videos/${draft.video_id}/tagged/${draft.id}`);
    await expect(page.getByTestId('timeline-segment')).toHaveCount(before + 1);
    await expect(failed).toContainText('Tags not saved');
    expect(saved(draft.id)).toHaveLength(before);
    await fault(harness, null);
    await page.getByTestId('retry-save').click();
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');
    await expect(failed).toHaveCount(0);
    expect(saved(draft.id).filter((row) => row.tag_id === tags[2]!.id).length).toBeGreaterThan(0);
    expect(saved(draft.id)).toHaveLength(before + 1);
  });

  test('My recordings lists the teacher’s recording with its tagged videos and starts tagging it', async ({
    harness,
  }) => {
    const { page } = harness;
    const { db, teacherId, draft } = world(harness);
    const recording = db.prepare('SELECT id, title FROM videos WHERE id = ?').get(draft.video_id) as {
      id: number;
      title: string;
    };
    const own = db.prepare('SELECT COUNT(*) AS n FROM videos WHERE owner_id = ?').get(teacherId) as { n: number };
    await signInAs(harness, TEACHER, `/recordings?video=${recording.id}`, 'recordings-page');
    const rows = page.getByTestId('recording-row');
    await expect(rows.first()).toHaveAttribute('data-video-id', String(recording.id));
    await expect(rows.first()).toContainText(recording.title);
    await expect(rows.first().getByTestId('recording-tagged').filter({ hasText: draft.title })).toBeVisible();
    expect(await rows.count()).toBeLessThanOrEqual(own.n);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('recordings');

    await rows
      .first()
      .getByRole('button', { name: `Start tagging “${recording.title}”` })
      .press('Enter');
    const dialog = page.getByRole('dialog', { name: 'New tagged video' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByLabel('Title').fill('Lesson opening');
    await dialog.getByLabel('Tag set (optional)').click();
    await page.getByRole('option').nth(1).click();
    await dialog.getByLabel('Title').press('Enter');
    await expect(page.getByTestId('tagged-video-title')).toHaveText('Lesson opening');
    await expect(page.getByTestId('tag-palette')).toBeVisible();
    await page.getByTestId('tag-palette').getByRole('button').first().click();
    await expect(page.getByTestId('timeline-segment')).toHaveCount(1);
    await expect(page.getByTestId('save-state')).toContainText('All tags saved.');

    // The new tagged video shows under its recording.
    await harness.open('/recordings');
    await expect(page.getByTestId('recording-tagged').filter({ hasText: 'Lesson opening' })).toBeVisible();

    // A service without the (deprecated) list: a plain explanation, not an error.
    await fault(harness, { Method: 'GET', PathPattern: '/api/me/videos', Kind: 'status', Status: 405 });
    await harness.open('/recordings');
    await expect(page.getByTestId('recordings-unavailable')).toContainText('This service does not list recordings');
    await expect(page.getByTestId('retry')).toHaveCount(0);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('recordings-unavailable');
    await fault(harness, null);
  });
});
