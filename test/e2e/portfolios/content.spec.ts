import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { test, expect } from '../harness/fixtures';
import { createThroughBridge, db, expectAccessible, signInAt, userId, TEACHER } from './support';

test.use({ withSandbox: true });

const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

test.describe('what a portfolio holds', () => {
  test('add a video with tags chosen from the tag sets, see its tag sets, then remove it', async ({ harness }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    const id = await createThroughBridge(harness, 'Behaviour routines', 'Entry routines in Year 7.');
    const teacher = userId(harness, TEACHER);
    const video = db(harness)
      .prepare('SELECT id, title FROM videos WHERE owner_id = ? ORDER BY created_at DESC, id DESC LIMIT 1')
      .get(teacher) as { id: number; title: string };

    await harness.open(`/portfolios/${id}/videos`);
    await expect(page.getByTestId('portfolio-videos-page')).toContainText('Add one of your videos');
    await page.getByTestId('add-video').click();
    const dialog = page.getByRole('dialog', { name: 'Add a video' });
    await expect(dialog.getByTestId('tag-choices')).toBeVisible();
    await dialog.getByTestId('add-video-select').click();
    await page.getByRole('option', { name: new RegExp(`^${escape(video.title)}`) }).click();
    const choices = dialog.locator('label.tag-choice');
    const first = (await choices.nth(0).textContent())!.trim();
    const second = (await choices.nth(1).textContent())!.trim();
    await choices.nth(0).getByRole('checkbox').check();
    await choices.nth(1).getByRole('checkbox').check();
    await expect(dialog).toContainText('2 tags chosen');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-add-video');
    await dialog.getByTestId('add-video-submit').click();
    await expect(dialog).toHaveCount(0);

    const card = page.getByTestId('portfolio-video');
    await expect(card).toHaveCount(1);
    await expect(card).toContainText(video.title);
    // The chosen tags, in whichever order the service keeps them.
    const chips = (await card.getByTestId('tag-chip').allTextContents()).map((text) => text.trim());
    expect(chips.sort()).toEqual([first, second].sort());
    await expect(card.getByRole('img', { name: `Still from ${video.title}` })).toBeVisible();
    await expect(card.getByTestId('tagged-videos-link')).toHaveAttribute('href', `#/videos/${video.id}`);
    await expect(page.getByTestId('videos-done')).toContainText(`“${video.title}” is in the portfolio.`);
    const stored = db(harness)
      .prepare('SELECT tag_ids FROM portfolio_videos WHERE portfolio_id = ? AND video_id = ?')
      .pluck()
      .get(id, video.id) as string;
    expect(JSON.parse(stored)).toHaveLength(2);
    await expectAccessible(harness);
    await harness.screenshots('portfolio-videos');

    // The tag sets tab now shows the set the tags came from, tags in their colours.
    await page.getByTestId('tab-portfolio-tag-sets').click();
    const sets = page.getByTestId('portfolio-tag-set');
    await expect(sets.first()).toBeVisible();
    await expect(page.getByTestId('portfolio-tag-sets-page')).toContainText(first);
    await expectAccessible(harness);
    await harness.screenshots('portfolio-tag-sets');

    // The header counts the video; removing asks first and says the video itself is kept.
    await page.getByTestId('tab-portfolio-videos').click();
    await page.getByRole('button', { name: `Remove ${video.title} from this portfolio` }).click();
    const confirm = page.getByRole('dialog', { name: `Remove “${video.title}”?` });
    await expect(confirm).toContainText('The video itself, and its tagged versions, are kept.');
    await confirm.getByRole('button', { name: 'Remove video' }).click();
    await expect(page.getByTestId('portfolio-video')).toHaveCount(0);
    await expect(page.getByTestId('videos-done')).toContainText('was removed');
    expect(db(harness).prepare('SELECT COUNT(*) FROM portfolio_videos WHERE portfolio_id = ?').pluck().get(id)).toBe(0);
    expect(db(harness).prepare('SELECT COUNT(*) FROM videos WHERE id = ?').pluck().get(video.id)).toBe(1);
  });

  test('upload a file to the portfolio, see it in files and documents, then remove it', async ({ harness }) => {
    const { page } = harness;
    await signInAt(harness, '/portfolios');
    const id = await createThroughBridge(harness, 'Reading for pleasure');
    const folder = mkdtempSync(join(tmpdir(), 'vc-portfolio-'));
    const plan = join(folder, 'lesson-plan.txt');
    writeFileSync(plan, 'Lesson plan: shared reading\n'.repeat(100));

    await harness.open(`/portfolios/${id}/files`);
    await expect(page.getByTestId('portfolio-files-page')).toContainText('No files in this portfolio yet.');
    await expectAccessible(harness);
    harness.host.nextUploadPaths = [plan];
    await page.getByTestId('upload-files').click();
    const selection = page.getByRole('dialog', { name: 'Upload to Reading for pleasure' });
    await expect(selection.getByTestId('upload-selection')).toContainText('One file ready');
    await selection.getByRole('button', { name: 'Upload one file' }).click();
    // The list refreshes by itself when the upload is done.
    const row = page.getByTestId('portfolio-file');
    await expect(row).toHaveCount(1, { timeout: 20_000 });
    await expect(row).toContainText('lesson-plan.txt');
    await expect(row).toContainText('Uploaded by');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-files');

    await page.getByTestId('tab-portfolio-documents').click();
    await expect(page.getByTestId('portfolio-document')).toContainText('lesson-plan.txt');
    await expect(page.getByTestId('portfolio-document')).toContainText('TXT');
    await expectAccessible(harness);
    await harness.screenshots('portfolio-documents');

    await page.getByTestId('tab-portfolio-files').click();
    await page.getByRole('button', { name: 'Remove lesson-plan.txt' }).click();
    const confirm = page.getByRole('dialog', { name: 'Remove “lesson-plan.txt”?' });
    await expect(confirm).toContainText('deleted from the portfolio for everyone');
    await confirm.getByRole('button', { name: 'Remove file' }).click();
    await expect(page.getByTestId('portfolio-file')).toHaveCount(0);
    expect(
      db(harness)
        .prepare("SELECT COUNT(*) FROM files WHERE target_kind = 'portfolio' AND target_id = ?")
        .pluck()
        .get(id),
    ).toBe(0);
  });
});
