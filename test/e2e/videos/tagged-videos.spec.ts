import type { Page } from '@playwright/test';
import { TEACHER } from '../../integration/notifications/support';
import { test, expect, type Harness } from '../harness/fixtures';
import { signInAs } from '../harness/sign-in';

test.use({ withSandbox: true });

interface Row {
  id: number;
  video_id: number;
  title: string;
}

/** Ids in the demo world, straight from the sandbox's database. */
function world(harness: Harness) {
  const db = harness.sandbox!.sandbox.ctx.db;
  const teacher = db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number };
  const draft = db
    .prepare(
      `SELECT tv.id, tv.video_id, tv.title FROM tagged_videos tv
       WHERE tv.owner_id = ? AND tv.status = 1
         AND (SELECT COUNT(*) FROM tagged_video_tags t WHERE t.tagged_video_id = tv.id) >= 3
       ORDER BY tv.id LIMIT 1`,
    )
    .get(teacher.id) as Row;
  // A colleague's complete tagged video of a recording in the teacher's organisation: readable, not editable.
  const colleagues = db
    .prepare(
      `SELECT tv.id, tv.video_id, tv.title FROM tagged_videos tv JOIN videos v ON v.id = tv.video_id
       WHERE tv.owner_id <> ? AND tv.status = 2
         AND v.organisation_id IN (SELECT organisation_id FROM user_org_roles WHERE user_id = ?)
       ORDER BY tv.id LIMIT 1`,
    )
    .get(teacher.id, teacher.id) as Row;
  return { db, teacherId: teacher.id, draft, colleagues };
}

const signInAt = (harness: Harness, route: string, testId: string) => signInAs(harness, TEACHER, route, testId);

/** The player's position, once it has read the video's metadata. */
async function playerTime(page: Page): Promise<number> {
  return page.getByTestId('video-element').evaluate((video: HTMLVideoElement) => video.currentTime);
}

test.describe('tagged videos', () => {
  test('update a tagged video’s status: a draft is marked complete and moves to Complete', async ({ harness }) => {
    const { page } = harness;
    const { draft } = world(harness);
    await signInAt(harness, '/videos', 'videos-page');
    const rows = page.getByTestId('tagged-video-row');
    await expect(rows.first()).toBeVisible();
    await expect(rows.filter({ hasText: draft.title }).first()).toBeVisible();
    await expect(page.locator('[data-testid="tagged-video-row"][data-status="2"]')).toHaveCount(0);
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('videos-mine');

    // Open it from the list (keyboard: the row, then Enter), by its own page address.
    await harness.open(`/videos/${draft.video_id}/tagged/${draft.id}`);
    await expect(page.getByTestId('tagged-video-page')).toBeVisible();
    await expect(page.getByTestId('status-tag')).toHaveText('Draft');
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('tagged-video');

    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('saved')).toHaveText(/Saved\. The tagged video is now “Complete”\./);
    await expect(page.getByTestId('status-tag')).toHaveText('Complete');
    await expect(page.getByTestId('mark-complete')).toHaveCount(0);
    await harness.screenshots('tagged-video-saved');

    // The title and status from the form: back to a draft under a new name.
    await page.getByTestId('edit-title').fill('Questioning: second look');
    await page.getByLabel('Status').click();
    await page.getByRole('option', { name: 'Autosaved (draft)' }).click();
    await expect(page.getByText('You have unsaved changes.')).toBeVisible();
    await page.getByTestId('save').click();
    await expect(page.getByTestId('saved')).toHaveText(/now “Autosaved \(draft\)”/);
    await expect(page.getByTestId('tagged-video-title')).toHaveText('Questioning: second look');

    await page.getByTestId('mark-complete').click();
    await expect(page.getByTestId('status-tag')).toHaveText('Complete');
    await harness.open('/videos?status=complete');
    await expect(page.getByTestId('status-switch').getByRole('button', { name: 'Complete' })).toHaveAttribute(
      'aria-pressed',
      'true',
    );
    await expect(page.getByTestId('tagged-video-row').filter({ hasText: 'Questioning: second look' })).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('videos-mine-complete');
  });

  test('the timeline seeks the player, by mouse and keyboard, and its marker follows playback', async ({ harness }) => {
    const { page } = harness;
    const { db, draft } = world(harness);
    const tags = db
      .prepare(
        `SELECT t.start_seconds AS start, t.end_seconds AS "end", g.name FROM tagged_video_tags t
         JOIN tags g ON g.id = t.tag_id WHERE t.tagged_video_id = ? ORDER BY t.start_seconds, t.id`,
      )
      .all(draft.id) as { start: number; end: number | null; name: string }[];
    await signInAt(harness, `/videos/${draft.video_id}/tagged/${draft.id}`, 'tagged-video-page');
    const video = page.getByTestId('video-element');
    await expect(video).toBeVisible();
    // The sample really loads in Chromium: its duration is known.
    await expect
      .poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0)))
      .toBeGreaterThan(5);

    const segments = page.getByTestId('timeline-segment');
    await expect(segments).toHaveCount(tags.length);
    const last = tags.at(-1)!;
    // Named "Tag name, 0:42 to 1:05".
    const fmt = (s: number) => `0:${String(Math.floor(s)).padStart(2, '0')}`;
    const name =
      last.end !== null && last.end > last.start
        ? `${last.name}, ${fmt(last.start)} to ${fmt(last.end)}`
        : `${last.name}, at ${fmt(last.start)}`;
    await page.getByRole('button', { name, exact: true }).first().click();
    await expect.poll(() => playerTime(page)).toBeCloseTo(last.start, 1);
    await expect(page.getByTestId('timeline-marker')).toHaveAttribute('data-seconds', last.start.toFixed(2));

    // Keyboard: the first segment, reached with Tab, and Enter.
    const first = segments.first();
    await first.focus();
    await page.keyboard.press('Enter');
    await expect.poll(() => playerTime(page)).toBeCloseTo(tags[0]!.start, 1);

    // Playing moves the marker (muted: a page may play sound only after a gesture).
    const before = Number(await page.getByTestId('timeline-marker').getAttribute('data-seconds'));
    await video.evaluate(async (v: HTMLVideoElement) => {
      v.muted = true;
      await v.play();
    });
    await expect
      .poll(async () => Number(await page.getByTestId('timeline-marker').getAttribute('data-seconds')))
      .toBeGreaterThan(before + 0.3);
    await video.evaluate((v: HTMLVideoElement) => v.pause());
    await harness.screenshots('tagged-video-playing');
  });

  test('a new tagged video from a recording; a colleague’s is read-only; no playable source says so', async ({
    harness,
  }) => {
    const { page } = harness;
    const { db, draft, colleagues } = world(harness);
    await signInAt(harness, `/videos/${draft.video_id}`, 'video-tagged-videos-page');
    await expect(page.getByTestId('tagged-video-row').filter({ hasText: draft.title })).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('video-tagged-videos');

    await page.getByTestId('new-tagged-video').click();
    const dialog = page.getByRole('dialog', { name: 'New tagged video' });
    await expect(dialog.getByLabel('Title')).toBeFocused();
    await dialog.getByLabel('Title').fill('Starter activity');
    await dialog.getByLabel('Tag set (optional)').click();
    await page.getByRole('option').nth(1).click();
    // The list fades out as it closes: checked half-faded, its options fail the contrast rule.
    await expect(page.getByRole('listbox')).toBeHidden();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('video-tagged-videos-new');
    await dialog.getByLabel('Title').press('Enter');
    await expect(page.getByTestId('tagged-video-page')).toBeVisible();
    await expect(page.getByTestId('tagged-video-title')).toHaveText('Starter activity');
    await expect(page.getByTestId('status-tag')).toHaveText('Draft');
    await expect(page.getByText('No tags have been placed on this video yet.')).toBeVisible();

    // Someone else's: shown, not editable.
    await harness.open(`/videos/${colleagues.video_id}/tagged/${colleagues.id}`);
    await expect(page.getByTestId('read-only')).toBeVisible();
    await expect(page.getByTestId('edit-form')).toHaveCount(0);
    await expect(page.getByTestId('mark-complete')).toHaveCount(0);

    // A recording the service has no playable file for.
    db.prepare('UPDATE videos SET media_path = NULL WHERE id = ?').run(draft.video_id);
    await harness.open(`/videos/${draft.video_id}/tagged/${draft.id}`);
    await expect(page.getByTestId('no-source')).toContainText('No playable video');
    await expect(page.getByTestId('video-element')).toHaveCount(0);
    await expect(page.getByTestId('timeline-segment').first()).toBeVisible();
    expect(await harness.seriousA11yViolations()).toEqual([]);
    await harness.screenshots('tagged-video-no-source');
  });
});
