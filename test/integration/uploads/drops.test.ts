import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, callWithAnything, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import type { TestApp } from '../../support/app-host';
import { until } from './support';

/**
 * Drops through the real handler table, queue and sandbox: main admits dropped files only by the
 * one-time id it gave the preload for a real drop, never by a path the page names.
 */

let apps: DemoApps;
let app: TestApp;
let folder: string;

beforeAll(async () => {
  apps = await startDemoApps();
  app = await apps.signedIn('teacher@northbridge.example');
  folder = mkdtempSync(join(tmpdir(), 'vc-drops-'));
});
afterAll(async () => {
  await apps.stop();
  rmSync(folder, { recursive: true, force: true });
});

describe('files dropped on the window', () => {
  it('go up when named by the drop’s id; a path the page makes up is refused with a clear error', async () => {
    const dropped = join(folder, 'dropped.txt');
    writeFileSync(dropped, 'dropped on the window\n');
    const secret = join(folder, 'not-dropped.txt');
    writeFileSync(secret, 'never dropped\n');
    const group = data(await call(app, 'uploads:targets')).find((choice) => choice.target.kind === 'community')!;

    // The old shape, a path from the page: refused before any service sees it.
    const withPath = await callWithAnything(app, 'uploads:drop', [{ target: group.target, paths: [secret] }]);
    expect(withPath).toMatchObject({ ok: false, error: { code: 'INVALID_ARGUMENT' } });
    // An id main never gave: refused in words the page can show.
    expect(
      await call(app, 'uploads:drop', { target: group.target, dropId: '0f8fad5b-d9cb-469f-a165-70867728950e' }),
    ).toEqual({
      ok: false,
      error: { code: 'FILE_NOT_ALLOWED', message: 'That drop is no longer known to the app. Drop the files again.' },
    });

    // What the preload does on a real drop, then what the page asks.
    const { dropId } = data(await call(app, 'uploads:register-drop', { paths: [dropped] }));
    const selection = data(await call(app, 'uploads:drop', { target: group.target, dropId }));
    expect(selection.files.map((file) => file.displayPath)).toEqual(['dropped.txt']);
    // Once only.
    expect(await call(app, 'uploads:drop', { target: group.target, dropId })).toMatchObject({
      ok: false,
      error: { code: 'FILE_NOT_ALLOWED' },
    });

    expect(data(await call(app, 'uploads:confirm', selection.selectionId))).toEqual({ queued: 1, refused: 0 });
    await until(
      () => app.composition.uploads.service.list().items.every((item) => item.state === 'done'),
      'the upload',
    );
    const names = apps.running.sandbox.ctx.db
      .prepare("SELECT name FROM files WHERE target_kind = 'community' AND target_id = ?")
      .pluck()
      .all(group.target.id) as string[];
    expect(names).toContain('dropped.txt');
    expect(names).not.toContain('not-dropped.txt');
  });
});
