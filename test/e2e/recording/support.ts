import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import { ALL_FORMATS, FilePathSource, Input } from 'mediabunny';
import type { Page } from '@playwright/test';
import config from '../../../playwright.config';
import { TEACHER } from '../../integration/notifications/support';
import { expect, type Harness } from '../harness/fixtures';

/** What the service holds of the teacher's recordings (read from the sandbox's database). */
export function serviceState(harness: Harness) {
  const db = harness.sandbox!.sandbox.ctx.db;
  const teacher = db.prepare('SELECT id FROM users WHERE email = ?').get(TEACHER) as { id: number };
  const videos = (title: string) =>
    db.prepare('SELECT id, title FROM videos WHERE owner_id = ? AND title LIKE ?').all(teacher.id, `${title}%`) as {
      id: number;
      title: string;
    }[];
  const taggedVideos = (videoId: number) =>
    db.prepare('SELECT id, title, status, tagset_id FROM tagged_videos WHERE video_id = ?').all(videoId) as {
      id: number;
      title: string;
      status: number;
      tagset_id: number | null;
    }[];
  const tags = (taggedVideoId: number) =>
    db
      .prepare(
        'SELECT tag_id, start_seconds, note FROM tagged_video_tags WHERE tagged_video_id = ? ORDER BY start_seconds',
      )
      .all(taggedVideoId) as { tag_id: number; start_seconds: number; note: string }[];
  const answers = (taggedVideoId: number) =>
    db
      .prepare(
        `SELECT m.name, a.value FROM tagged_video_metadata a JOIN metadata m ON m.id = a.metadata_id
         WHERE a.tagged_video_id = ? ORDER BY m.type_id, m.ordinal`,
      )
      .all(taggedVideoId) as { name: string; value: string }[];
  const tagsOfSet = (tagsetId: number) =>
    db.prepare('SELECT id, name FROM tags WHERE tagset_id = ? ORDER BY ordinal, id').all(tagsetId) as {
      id: number;
      name: string;
    }[];
  return { videos, taggedVideos, tags, answers, tagsOfSet };
}

/** The Record page with the fake camera open, a title, the first tag set and the prerecord answers. */
export async function prepareRecording(page: Page, title: string): Promise<void> {
  await expect(page.getByTestId('camera')).not.toHaveClass(/p-disabled/, { timeout: 15_000 });
  await page.getByLabel('Title').fill(title);
  await page.getByTestId('record-tagset').click();
  await page.getByRole('option').first().click();
  await page.getByRole('combobox', { name: 'Subject' }).click();
  await page.getByRole('option', { name: 'Science' }).click();
  await page.getByRole('combobox', { name: 'Year group' }).click();
  await page.getByRole('option', { name: 'Year 7' }).click();
}

/**
 * Starts recording; answers the moment (ms, test clock) of the click. The recorder starts a bridge call
 * later, so times measured from here are at most that much later than the video's own.
 */
export async function startRecording(page: Page): Promise<number> {
  const clicked = Date.now();
  await page.getByTestId('start-recording').click();
  await expect(page.getByTestId('live-panel')).toBeVisible();
  return clicked;
}

/** The harness's own Chromium switches, with a spec's own choice about the fake camera instead. */
export function chromiumWith(media: string[]) {
  const launch = config.projects?.find((project) => project.name === 'harness')?.use?.launchOptions ?? {};
  const args = (launch.args ?? []).filter((arg) => !arg.startsWith('--use-fake-'));
  return { ...launch, args: [...args, ...media] };
}

/**
 * Waits until main holds at least `seconds` of the running recording on disk, as the tray says it
 * ("Recording 0:07", updated with each chunk): a state to wait for rather than a time to sleep.
 */
export async function untilRecorded(harness: Harness, seconds: number): Promise<void> {
  const onDisk = () => {
    const first = harness.host.composition.notifications.tray().menu[0];
    const shown = first && first.kind !== 'separator' ? /^Recording (\d+):(\d\d)$/.exec(first.label) : null;
    return shown ? Number(shown[1]) * 60 + Number(shown[2]) : 0;
  };
  await expect.poll(onDisk, { timeout: 30_000 }).toBeGreaterThanOrEqual(seconds);
}

/** The files of the teacher's recordings on this computer (`<data>/recordings/<id>/<title>.webm`). */
export function localRecordingFiles(harness: Harness): string[] {
  const folder = join(harness.host.dataFolder, 'recordings');
  if (!existsSync(folder)) return [];
  return readdirSync(folder).flatMap((id) =>
    readdirSync(join(folder, id))
      .filter((name) => name !== 'journal.jsonl')
      .map((name) => join(folder, id, name)),
  );
}

/** Seconds of media the service holds for a video (read from the sandbox's stored file). */
export async function storedSeconds(harness: Harness, videoId: number): Promise<number> {
  const ctx = harness.sandbox!.sandbox.ctx;
  const row = ctx.db.prepare('SELECT media_path FROM videos WHERE id = ?').get(videoId) as { media_path: string };
  const input = new Input({
    source: new FilePathSource(join(ctx.config.dataDir, row.media_path)),
    formats: ALL_FORMATS,
  });
  try {
    return await input.computeDuration();
  } finally {
    input.dispose();
  }
}

/** Answers the postrecord question and sends; waits until main has made the tagged video by itself. */
export async function answerAndSend(harness: Harness): Promise<void> {
  const { page } = harness;
  await expect(page.getByTestId('after-form')).toBeVisible();
  await page.getByLabel('Lesson focus').fill('Questioning');
  await page.getByTestId('send-recording').click();
  await expect(page.getByTestId('open-tagged-video')).toBeVisible({ timeout: 60_000 });
}
