import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import type { TestApp } from '../../support/app-host';
import { until } from './support';

/**
 * A folder from someone else (an unzipped archive, a USB stick) holding links out of it, chosen on
 * Transfers and uploaded through the real handler table, queue, HTTP and sandbox, with real links on
 * disk: nothing the links point at leaves the computer, and the selection names the links it left out.
 */

const TEACHER = 'teacher@northbridge.example';

let apps: DemoApps;
let app: TestApp;
let root: string;

beforeAll(async () => {
  apps = await startDemoApps();
  app = await apps.signedIn(TEACHER);
  root = mkdtempSync(join(tmpdir(), 'vc-links-'));
});
afterAll(async () => {
  await apps.stop();
  rmSync(root, { recursive: true, force: true });
});

describe('links inside a chosen folder', () => {
  it('uploads only what is inside the folder, and lists the links left out', async () => {
    // The user's private folder, beside the one they are given.
    const secret = join(root, 'ssh');
    mkdirSync(secret);
    writeFileSync(join(secret, 'id_rsa'), '-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n');
    const lesson = join(root, 'Shared lesson');
    mkdirSync(join(lesson, 'week 1'), { recursive: true });
    writeFileSync(join(lesson, 'week 1', 'plan.txt'), 'Lesson plan\n'.repeat(20));
    symlinkSync(secret, join(lesson, 'notes'));
    symlinkSync(join(secret, 'id_rsa'), join(lesson, 'week 1', 'answers.txt'));

    const group = data(await call(app, 'uploads:targets')).find((choice) => choice.target.kind === 'community')!;
    app.dialog.next = [lesson];
    const selection = data(await call(app, 'uploads:choose', { target: group.target, mode: 'folder' }))!;
    expect(selection.files.map((file) => file.displayPath)).toEqual(['Shared lesson/week 1/plan.txt']);
    expect(selection.skipped).toEqual([
      { displayPath: 'Shared lesson/notes', reason: 'link-outside' },
      { displayPath: 'Shared lesson/week 1/answers.txt', reason: 'link-outside' },
    ]);

    expect(data(await call(app, 'uploads:confirm', selection.selectionId))).toEqual({ queued: 1, refused: 0 });
    await until(
      () => app.composition.uploads.service.list().items.every((item) => item.state === 'done'),
      'the upload',
    );
    const stored = apps.running.sandbox.ctx.db
      .prepare("SELECT name FROM files WHERE target_kind = 'community' AND target_id = ? ORDER BY id")
      .pluck()
      .all(group.target.id) as string[];
    expect(stored).toContain('plan.txt');
    expect(stored).not.toContain('id_rsa');
    expect(stored).not.toContain('answers.txt');
    const sizes = apps.running.sandbox.ctx.db
      .prepare('SELECT COUNT(*) FROM files WHERE size = ?')
      .pluck()
      .get(Buffer.byteLength('-----BEGIN OPENSSH PRIVATE KEY-----\nsecret\n'));
    expect(sizes).toBe(0);
  });
});
