import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadItem, DownloadSource } from '../../../preload/contract';
import { downloadJournalFileName } from '../../../main/services/downloads/download-journal';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import { startTestApp, type TestApp } from '../../support/app-host';
import { addFault, clearFaults } from '../uploads/support';

/**
 * Downloads kept across restarts (issue #16), with the real composition, session, keychain and
 * files: the app is stopped as a quit stops it and started again on the same data folder.
 */

const TEACHER = 'teacher@northbridge.example';

let apps: DemoApps;
let saveFolder: string;
const restarted: TestApp[] = [];

beforeAll(async () => {
  apps = await startDemoApps();
  saveFolder = mkdtempSync(join(tmpdir(), 'vc-kept-'));
});
afterAll(async () => {
  for (const app of restarted) await app.composition.stop();
  await apps.stop();
  rmSync(saveFolder, { recursive: true, force: true });
});

const db = () => apps.running.sandbox.ctx.db;

/** Two files of a group the teacher belongs to, with their bytes as the sandbox stores them. */
function groupFiles(): { source: DownloadSource; name: string; bytes: Buffer }[] {
  const rows = db()
    .prepare(
      `SELECT f.id, f.target_id, f.name, f.path FROM files f
       JOIN community_members m ON m.community_id = f.target_id AND m.is_accepted = 1
       JOIN users u ON u.id = m.user_id AND u.email = ?
       WHERE f.target_kind = 'community' ORDER BY f.size DESC, f.id LIMIT 2`,
    )
    .all(TEACHER) as { id: number; target_id: number; name: string; path: string }[];
  return rows.map((row) => ({
    source: { kind: 'group-file', communityId: row.target_id, fileId: row.id },
    name: row.name,
    bytes: readFileSync(join(apps.running.dataDir, row.path)),
  }));
}

async function list(app: TestApp): Promise<DownloadItem[]> {
  return data(await call(app, 'downloads:list')).items;
}

/** Waits for the download to reach a state (the queue's own report, not a clock). */
async function reaches(app: TestApp, id: string, states: DownloadItem['state'][]): Promise<DownloadItem> {
  for (;;) {
    const item = (await list(app)).find((candidate) => candidate.id === id);
    if (item && states.includes(item.state)) return item;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function save(app: TestApp, source: DownloadSource, target: string): Promise<string> {
  app.files.nextSavePath = target;
  return data(await call(app, 'downloads:start', { source, action: 'save' })).id!;
}

/** Quits the app as the window's quit does, and starts it again on the same data folder. */
async function restart(app: TestApp): Promise<TestApp> {
  await app.composition.stop();
  const again = await startTestApp(apps.running.url, { dataFolder: app.dataFolder });
  restarted.push(again);
  expect(again.composition.session.state().status).toBe('signed-in');
  return again;
}

describe('downloads after a restart', () => {
  it('lists finished, failed and interrupted downloads again; Retry reads the list and downloads again', async () => {
    const [first, second] = groupFiles();
    const app = await apps.signedIn(TEACHER);
    const done = await save(app, first!.source, join(saveFolder, 'done.txt'));
    await reaches(app, done, ['done']);

    await addFault(apps.running.url, {
      Method: 'GET',
      PathPattern: '/media/',
      Kind: 'drop-mid-answer',
      AfterBytes: 10,
    });
    const failed = await save(app, second!.source, join(saveFolder, 'failed.txt'));
    await reaches(app, failed, ['failed']);
    // The service hangs on the next file: it is still under way when the app quits.
    await clearFaults(apps.running.url);
    await addFault(apps.running.url, { Method: 'GET', PathPattern: '/media/', Kind: 'swallow' });
    const hanging = await save(app, first!.source, join(saveFolder, 'hanging.txt'));
    await reaches(app, hanging, ['downloading']);

    const again = await restart(app);
    await clearFaults(apps.running.url);
    const items = await list(again);
    expect(items.map((item) => [item.fileName, item.state])).toEqual([
      ['hanging.txt', 'interrupted'],
      ['failed.txt', 'failed'],
      ['done.txt', 'done'],
    ]);
    expect(items.find((item) => item.id === failed)?.problem).toMatchObject({ code: 'UNREACHABLE' });
    // No half file and no temporary file was left by the quit.
    expect(readdirSync(saveFolder).sort()).toEqual(['done.txt']);

    // The finished one opens and shows in its folder as before the restart.
    data(await call(again, 'downloads:control', { action: 'show-in-folder', id: done }));
    expect(again.files.shown).toEqual([join(saveFolder, 'done.txt')]);

    // Retry on the interrupted and the failed one: the file lists are read again, the bytes arrive.
    data(await call(again, 'downloads:control', { action: 'retry', id: hanging }));
    data(await call(again, 'downloads:control', { action: 'retry', id: failed }));
    await reaches(again, hanging, ['done']);
    await reaches(again, failed, ['done']);
    expect(readFileSync(join(saveFolder, 'hanging.txt')).equals(first!.bytes)).toBe(true);
    expect(readFileSync(join(saveFolder, 'failed.txt')).equals(second!.bytes)).toBe(true);
  });

  it('after a crash mid-download: shown as interrupted, its temporary file removed; a moved file is said to be gone', async () => {
    const [first] = groupFiles();
    const folder = mkdtempSync(join(saveFolder, 'crash-'));
    const app = await apps.signedIn(TEACHER);
    const kept = await save(app, first!.source, join(folder, 'kept.txt'));
    await reaches(app, kept, ['done']);
    const moved = await save(app, first!.source, join(folder, 'moved.txt'));
    await reaches(app, moved, ['done']);
    await app.composition.stop();

    // What a crash mid-download leaves: the journal still says "downloading", and a partial file.
    const journalPath = join(app.dataFolder, 'downloads', downloadJournalFileName);
    const journal = JSON.parse(readFileSync(journalPath, 'utf8')) as {
      entries: { item: { state: string; fileName: string }; job: { target: string } }[];
    };
    journal.entries[0]!.item.state = 'downloading';
    writeFileSync(journalPath, JSON.stringify(journal));
    const partial = join(folder, '.moved.txt.0123456789ab.vcdownload');
    writeFileSync(partial, 'half a file');
    const unrelated = join(folder, 'notes.vcdownload');
    writeFileSync(unrelated, 'not ours');
    rmSync(join(folder, 'moved.txt'));

    const again = await startTestApp(apps.running.url, { dataFolder: app.dataFolder });
    restarted.push(again);
    const items = await list(again);
    expect(items.map((item) => [item.fileName, item.state])).toEqual([
      ['moved.txt', 'interrupted'],
      ['kept.txt', 'done'],
    ]);
    expect(existsSync(partial)).toBe(false);
    expect(existsSync(unrelated)).toBe(true);

    // A finished download whose file was moved away since says so, and Open explains rather than fails silently.
    rmSync(join(folder, 'kept.txt'));
    await again.composition.stop();
    const third = await startTestApp(apps.running.url, { dataFolder: app.dataFolder });
    restarted.push(third);
    const keptNow = (await list(third)).find((item) => item.id === kept);
    expect(keptNow).toMatchObject({ state: 'done', fileMissing: true });
    const opened = await call(third, 'downloads:control', { action: 'open', id: kept });
    expect(opened).toMatchObject({ ok: false, error: { code: 'FILE_PROBLEM' } });
  });

  it('a corrupt journal is set aside with a message; nothing crashes and new downloads are kept', async () => {
    const [first] = groupFiles();
    const app = await apps.signedIn(TEACHER);
    await app.composition.stop();
    const folder = join(app.dataFolder, 'downloads');
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, downloadJournalFileName), '{"version":1,"entries":[{"item":');

    const again = await startTestApp(apps.running.url, { dataFolder: app.dataFolder });
    restarted.push(again);
    const snapshot = data(await call(again, 'downloads:list'));
    expect(snapshot.items).toEqual([]);
    expect(snapshot.journalSetAside?.fileName).toMatch(/^downloads\.json\.unreadable-/);
    expect(readdirSync(folder)).toContain(snapshot.journalSetAside!.fileName);

    const id = await save(again, first!.source, join(saveFolder, 'after-corruption.txt'));
    await reaches(again, id, ['done']);
    const written = JSON.parse(readFileSync(join(folder, downloadJournalFileName), 'utf8')) as { entries: unknown[] };
    expect(written.entries).toHaveLength(1);
  });

  it('signing out forgets the list, on disk too: the next person starts with none', async () => {
    const [first] = groupFiles();
    const app = await apps.signedIn(TEACHER);
    const id = await save(app, first!.source, join(saveFolder, 'private.txt'));
    await reaches(app, id, ['done']);
    const journalPath = join(app.dataFolder, 'downloads', downloadJournalFileName);
    expect(existsSync(journalPath)).toBe(true);
    await app.composition.session.signOut();
    // Forgetting runs once the sign-out is announced: wait for it, not for a time.
    while (existsSync(journalPath)) await new Promise((resolve) => setTimeout(resolve, 20));
    await app.composition.session.signInWithPassword('admin@northbridge.example', 'demo-password');
    expect(await list(app)).toEqual([]);
  });
});
