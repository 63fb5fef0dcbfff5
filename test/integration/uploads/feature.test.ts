import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startSandbox, type RunningSandbox } from '../../support/sandbox';
import { startTestApp } from '../../support/app-host';
import { seedDemo } from '../../../sandbox/src/demo/generate';
import { pngBytes } from './support';

/** The app (test/support/app-host.ts) with a scripted file dialog, against the real sandbox and keychain. */
async function startApp(serviceUrl: string) {
  const app = await startTestApp(serviceUrl);
  return { composition: app.composition, uploads: app.composition.uploads.service, dialog: app.dialog };
}

const waitFor = async (check: () => boolean, ms = 20_000) => {
  const until = Date.now() + ms;
  while (!check()) {
    if (Date.now() > until) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
};

describe('uploads in the app', () => {
  let sandbox: RunningSandbox;
  beforeEach(async () => {
    sandbox = await startSandbox();
    seedDemo(sandbox.sandbox.ctx, 'demo');
  });
  afterEach(async () => sandbox.stop());

  it("asks to sign in first, offers the person's groups and portfolios, and uploads a confirmed selection", async () => {
    const app = await startApp(sandbox.url);
    await expect(app.uploads.targets()).rejects.toMatchObject({ code: 'UNAUTHENTICATED' });
    await app.composition.session.signInWithPassword('teacher@northbridge.example', 'demo-password');
    await waitFor(() => app.uploads.totals() !== undefined);

    const targets = await app.uploads.targets();
    expect(targets.some((t) => t.target.kind === 'community')).toBe(true);
    expect(targets.some((t) => t.target.kind === 'portfolio')).toBe(true);
    const group = targets.find((t) => t.target.kind === 'community')!.target;

    const folder = mkdtempSync(join(tmpdir(), 'vc-files-'));
    writeFileSync(join(folder, 'notes.txt'), 'notes\n'.repeat(100));
    app.dialog.next = [join(folder, 'notes.txt')];
    const selection = await app.uploads.choose(group, 'files');
    expect(selection?.files.map((f) => f.displayPath)).toEqual(['notes.txt']);
    expect(JSON.stringify(selection)).not.toContain(folder); // no absolute path for the page

    await expect(app.uploads.confirm('00000000-0000-4000-8000-000000000000')).rejects.toMatchObject({
      code: 'NOT_FOUND',
    });
    expect(await app.uploads.confirm(selection!.selectionId)).toEqual({ queued: 1, refused: 0 });
    await waitFor(() => app.uploads.list().items.every((item) => item.state === 'done'));
    const stored = sandbox.sandbox.ctx.db
      .prepare("SELECT COUNT(*) FROM files WHERE target_kind = 'community' AND target_id = ? AND name = 'notes.txt'")
      .pluck()
      .get(group.id);
    expect(stored).toBe(1);
    await app.composition.stop();
  });

  it('offers my own files, picks a picture with the picture dialog, and shows the new picture once it is up', async () => {
    const app = await startApp(sandbox.url);
    await app.composition.session.signInWithPassword('teacher@northbridge.example', 'demo-password');
    await waitFor(() => app.uploads.totals() !== undefined);
    const me = app.composition.session.state().user!;

    const targets = await app.uploads.targets();
    expect(targets[0]?.target.kind).toBe('community');
    expect(targets.at(-1)).toEqual({ target: { kind: 'generic', id: me.id }, label: 'Tom Okafor' });

    const folder = mkdtempSync(join(tmpdir(), 'vc-picture-'));
    writeFileSync(join(folder, 'me.png'), pngBytes);
    app.dialog.next = [join(folder, 'me.png')];
    const selection = await app.uploads.choose({ kind: 'user-picture', id: me.id }, 'files');
    expect(app.dialog.modes.at(-1)).toBe('image');
    expect(selection?.files.map((f) => [f.fileName, f.contentType, f.problems])).toEqual([['me.png', 'image/png', []]]);
    expect(await app.uploads.confirm(selection!.selectionId)).toEqual({ queued: 1, refused: 0 });
    // The session's summary of the user (top bar, menus) follows without signing in again.
    await waitFor(() => /me\.png$/.test(app.composition.session.state().user?.pictureUrl ?? ''));
    await app.composition.stop();
  });

  it("keeps each account's queue to itself: after sign-out and another sign-in, the list is that account's", async () => {
    const app = await startApp(sandbox.url);
    await app.composition.session.signInWithPassword('teacher@northbridge.example', 'demo-password');
    await waitFor(() => app.uploads.totals() !== undefined);
    const group = (await app.uploads.targets()).find((t) => t.target.kind === 'community')!.target;
    const folder = mkdtempSync(join(tmpdir(), 'vc-files-'));
    writeFileSync(join(folder, 'a.txt'), 'a');
    const { dropId } = app.uploads.registerDrop([join(folder, 'a.txt')]);
    const selection = await app.uploads.drop(group, dropId);
    await app.uploads.confirm(selection.selectionId);
    // A drop the page never got to before the sign-out.
    const unused = app.uploads.registerDrop([join(folder, 'a.txt')]);
    await waitFor(() => app.uploads.list().items.some((item) => item.state === 'done'));

    await app.composition.session.signOut();
    await waitFor(() => app.uploads.totals() === undefined);
    expect(app.uploads.list().items).toEqual([]);
    await app.composition.session.signInWithPassword('mentor@lakeside.example', 'demo-password');
    await waitFor(() => app.uploads.totals() !== undefined);
    expect(app.uploads.list().items).toEqual([]);
    // Drops from before the sign-out are forgotten: they serve no other account.
    await expect(app.uploads.drop(group, unused.dropId)).rejects.toMatchObject({ code: 'FILE_NOT_ALLOWED' });
    await app.composition.stop();
  });
});
