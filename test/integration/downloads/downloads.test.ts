import { randomUUID } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DownloadItem } from '../../../preload/contract';
import { downloadToFile } from '../../../main/services/downloads/download-file';
import { DownloadsService } from '../../../main/services/downloads/feature';
import { createLogger } from '../../../main/services/log';
import { call, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import type { TestApp } from '../../support/app-host';
import { addFault, clearFaults } from '../uploads/support';

/**
 * Open and Save against the demo sandbox, through the real handler table, session and HTTP layer:
 * the bytes on disk equal the service's, a broken download leaves the good file alone, and no
 * address outside the rules is fetched.
 */

const TEACHER = 'teacher@northbridge.example';

let apps: DemoApps;
let app: TestApp;
let saveFolder: string;

beforeAll(async () => {
  apps = await startDemoApps();
  app = await apps.signedIn(TEACHER);
  saveFolder = mkdtempSync(join(tmpdir(), 'vc-saved-'));
});
afterAll(async () => {
  await apps.stop();
  rmSync(saveFolder, { recursive: true, force: true });
});

const db = () => apps.running.sandbox.ctx.db;
const teacherId = () => db().prepare('SELECT id FROM users WHERE email = ?').pluck().get(TEACHER) as number;

/** A file of a group the teacher belongs to, with its bytes as the sandbox stores them. */
function groupFile(): { communityId: number; fileId: number; name: string; bytes: Buffer } {
  const row = db()
    .prepare(
      `SELECT f.id, f.target_id, f.name, f.path FROM files f
       JOIN community_members m ON m.community_id = f.target_id AND m.user_id = ? AND m.is_accepted = 1
       WHERE f.target_kind = 'community' ORDER BY f.size DESC, f.id LIMIT 1`,
    )
    .get(teacherId()) as { id: number; target_id: number; name: string; path: string };
  return {
    communityId: row.target_id,
    fileId: row.id,
    name: row.name,
    bytes: readFileSync(join(apps.running.dataDir, row.path)),
  };
}

function portfolioFile(): { portfolioId: number; fileId: number; name: string; bytes: Buffer } {
  const row = db()
    .prepare(
      `SELECT f.id, f.target_id, f.name, f.path FROM files f JOIN portfolios p ON p.id = f.target_id
       WHERE f.target_kind = 'portfolio' AND p.creator_id = ? ORDER BY f.id LIMIT 1`,
    )
    .get(teacherId()) as { id: number; target_id: number; name: string; path: string };
  return {
    portfolioId: row.target_id,
    fileId: row.id,
    name: row.name,
    bytes: readFileSync(join(apps.running.dataDir, row.path)),
  };
}

/** Puts a file in a group the teacher belongs to, as a group member would: `name` as the service lists it. */
function addGroupFile(name: string, contents: string): { communityId: number; fileId: number } {
  const { communityId } = groupFile();
  const relative = `files/community/${communityId}/seed-${randomUUID()}`;
  mkdirSync(join(apps.running.dataDir, `files/community/${communityId}`), { recursive: true });
  writeFileSync(join(apps.running.dataDir, relative), contents);
  const fileId = Number(
    db()
      .prepare(
        `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
         VALUES (?, 'community', ?, ?, ?, 'application/octet-stream', ?, ?)`,
      )
      .run(teacherId(), communityId, name, Buffer.byteLength(contents), relative, new Date().toISOString())
      .lastInsertRowid,
  );
  return { communityId, fileId };
}

/** Waits for the download to finish one way or the other (the queue's own end, not a clock). */
async function finished(id: string): Promise<DownloadItem> {
  for (;;) {
    const item = data(await call(app, 'downloads:list')).items.find((candidate) => candidate.id === id);
    if (!item) throw new Error('the download is no longer listed');
    if (item.state !== 'queued' && item.state !== 'downloading') return item;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('saving and opening listed files', () => {
  it('saves a group file where the dialog says, byte for byte, with no temporary file left', async () => {
    const file = groupFile();
    const target = join(saveFolder, 'group-file.txt');
    app.files.nextSavePath = target;
    const started = data(
      await call(app, 'downloads:start', {
        source: { kind: 'group-file', communityId: file.communityId, fileId: file.fileId },
        action: 'save',
      }),
    );
    expect(started.started).toBe(true);
    expect(app.files.suggested.at(-1)).toBe(file.name);
    const item = await finished(started.id!);
    expect(item).toMatchObject({ state: 'done', fileName: 'group-file.txt', bytesReceived: file.bytes.length });
    expect(readFileSync(target).equals(file.bytes)).toBe(true);
    expect(readdirSync(saveFolder)).toEqual(['group-file.txt']);
    // The page is told the name, never the folder.
    expect(JSON.stringify(item)).not.toContain(saveFolder);
  });

  it('opens a portfolio document from the downloads folder and saves a portfolio file', async () => {
    const file = portfolioFile();
    const opened = data(
      await call(app, 'downloads:start', {
        source: { kind: 'portfolio-document', portfolioId: file.portfolioId, fileId: file.fileId },
        action: 'open',
      }),
    );
    const item = await finished(opened.id!);
    expect(item).toMatchObject({ state: 'done', opened: 'opened' });
    const path = join(app.files.downloadsFolder, file.name);
    expect(app.files.opened).toContain(path);
    expect(readFileSync(path).equals(file.bytes)).toBe(true);

    app.files.nextSavePath = join(saveFolder, 'portfolio-file.txt');
    const saved = data(
      await call(app, 'downloads:start', {
        source: { kind: 'portfolio-file', portfolioId: file.portfolioId, fileId: file.fileId },
        action: 'save',
      }),
    );
    expect(await finished(saved.id!)).toMatchObject({ state: 'done' });
    expect(readFileSync(join(saveFolder, 'portfolio-file.txt')).equals(file.bytes)).toBe(true);
  });

  it('never opens a program: Open shows it in its folder instead', async () => {
    const { communityId } = groupFile();
    // A group member put an installer in the group's files.
    const relative = `files/community/${communityId}/seed-setup.exe`;
    mkdirSync(join(apps.running.dataDir, `files/community/${communityId}`), { recursive: true });
    writeFileSync(join(apps.running.dataDir, relative), 'MZ not really a program');
    const fileId = Number(
      db()
        .prepare(
          `INSERT INTO files (uploader_id, target_kind, target_id, name, size, content_type, path, created_at)
           VALUES (?, 'community', ?, 'setup.exe', 23, 'application/octet-stream', ?, ?)`,
        )
        .run(teacherId(), communityId, relative, new Date().toISOString()).lastInsertRowid,
    );
    const openedBefore = app.files.opened.length;
    const started = data(
      await call(app, 'downloads:start', { source: { kind: 'group-file', communityId, fileId }, action: 'open' }),
    );
    expect(await finished(started.id!)).toMatchObject({
      state: 'done',
      opened: 'shown-in-folder',
      shownBecause: 'file-type',
    });
    const path = join(app.files.downloadsFolder, 'setup.exe');
    expect(app.files.shown).toContain(path);
    expect(app.files.opened).toHaveLength(openedBefore);

    // Asked again from Transfers, it is still only shown.
    data(await call(app, 'downloads:control', { action: 'open', id: started.id! }));
    expect(app.files.opened).toHaveLength(openedBefore);
    expect(app.files.shown.filter((shown) => shown === path)).toHaveLength(2);
  });

  it('opens a file whose name is 104 CJK characters: shortened by bytes, never failing for its length', async () => {
    const name = `${'教案'.repeat(52)}.txt`;
    const source = { kind: 'group-file' as const, ...addGroupFile(name, 'lesson plan') };
    const started = data(await call(app, 'downloads:start', { source, action: 'open' }));
    const item = await finished(started.id!);
    expect(item).toMatchObject({ state: 'done', opened: 'opened' });
    expect(item.fileName.endsWith('.txt')).toBe(true);
    expect(Buffer.byteLength(item.fileName)).toBeLessThanOrEqual(200);
    expect(readFileSync(join(app.files.downloadsFolder, item.fileName), 'utf8')).toBe('lesson plan');
  });

  it.each(['Classroom.rdp', 'Lessons.library-ms', 'help.chm', 'disk.iso', 'page.html', 'drawing.svg', 'notes'])(
    'Open shows %s in its folder: only documents, pictures, sound, video and text are opened',
    async (name) => {
      const source = { kind: 'group-file' as const, ...addGroupFile(name, 'not what it seems') };
      const openedBefore = app.files.opened.length;
      const started = data(await call(app, 'downloads:start', { source, action: 'open' }));
      expect(await finished(started.id!)).toMatchObject({
        state: 'done',
        opened: 'shown-in-folder',
        shownBecause: 'file-type',
      });
      expect(app.files.opened).toHaveLength(openedBefore);
      expect(app.files.shown.at(-1)).toBe(join(app.files.downloadsFolder, name));
    },
  );

  it('on macOS, opens a download only once it carries the quarantine flag (through an injected platform)', async () => {
    const folder = mkdtempSync(join(tmpdir(), 'vc-mac-downloads-'));
    const xattrRuns: string[][] = [];
    let xattrWorks = false;
    const opened: string[] = [];
    const shown: string[] = [];
    // The real service, HTTP and disk; only the platform and its xattr tool are stand-ins.
    const downloads = new DownloadsService({
      connection: () => app.composition.session.http(),
      shell: {
        downloadsFolder: () => folder,
        chooseSavePath: async () => undefined,
        openPath: async (path) => {
          opened.push(path);
          return '';
        },
        showInFolder: (path) => shown.push(path),
      },
      platform: 'darwin',
      quarantine: {
        agent: 'Video Collab Desktop',
        xattr: async (args) => {
          xattrRuns.push([...args]);
          if (!xattrWorks) throw new Error('xattr: [Errno 45] Operation not supported');
        },
      },
      log: createLogger(() => undefined),
      emit: () => undefined,
    });
    const settle = async (id: string) => {
      for (;;) {
        const item = downloads.list().items.find((candidate) => candidate.id === id)!;
        if (item.state !== 'queued' && item.state !== 'downloading') return item;
        await new Promise((resolve) => setTimeout(resolve, 20));
      }
    };
    try {
      const source = { kind: 'group-file' as const, ...addGroupFile('plan.pdf', 'a lesson plan') };
      // The flag could not be written (a disk without extended attributes): shown, not opened.
      const first = await downloads.start(source, 'open');
      expect(await settle(first.id!)).toMatchObject({
        state: 'done',
        opened: 'shown-in-folder',
        shownBecause: 'not-marked',
      });
      expect(opened).toEqual([]);
      expect(shown).toEqual([join(folder, 'plan.pdf')]);
      expect(xattrRuns[0]).toEqual([
        '-w',
        'com.apple.quarantine',
        expect.stringMatching(/^0083;[0-9a-f]+;Video Collab Desktop;[0-9A-F-]{36}$/),
        join(folder, 'plan.pdf'),
      ]);
      // Asked again from Transfers, still only shown.
      await downloads.control('open', first.id!);
      expect(opened).toEqual([]);

      xattrWorks = true;
      const second = await downloads.start(source, 'open');
      expect(await settle(second.id!)).toMatchObject({ state: 'done', opened: 'opened' });
      expect(opened).toEqual([join(folder, 'plan (1).pdf')]);
      expect(readFileSync(join(folder, 'plan (1).pdf'), 'utf8')).toBe('a lesson plan');
    } finally {
      await downloads.stop();
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it('opens two different files of the same name started together: both are kept, each with its own bytes', async () => {
    const first = { kind: 'group-file' as const, ...addGroupFile('Week plan.pdf', 'the first plan') };
    const second = { kind: 'group-file' as const, ...addGroupFile('Week plan.pdf', 'the second plan, longer') };
    // Slow answers, so neither file is on disk before both are asked for.
    await addFault(apps.running.url, { Method: 'GET', PathPattern: '/media/', Kind: 'latency', LatencyMs: 300 });
    try {
      const [a, b] = await Promise.all(
        [first, second].map(async (source) => data(await call(app, 'downloads:start', { source, action: 'open' }))),
      );
      const items = [await finished(a!.id!), await finished(b!.id!)];
      expect(items.map((item) => item.state)).toEqual(['done', 'done']);
      expect(new Set(items.map((item) => item.fileName))).toEqual(new Set(['Week plan.pdf', 'Week plan (1).pdf']));
      const contents = items.map((item) => readFileSync(join(app.files.downloadsFolder, item.fileName), 'utf8'));
      expect(contents).toEqual(['the first plan', 'the second plan, longer']);
      expect(
        readdirSync(app.files.downloadsFolder)
          .filter((name) => name.startsWith('Week plan'))
          .sort(),
      ).toEqual(['Week plan (1).pdf', 'Week plan.pdf']);
    } finally {
      await clearFaults(apps.running.url);
    }
  });

  it('starts nothing when the save dialog is cancelled', async () => {
    const file = groupFile();
    app.files.nextSavePath = undefined;
    const before = data(await call(app, 'downloads:list')).items.length;
    const answer = data(
      await call(app, 'downloads:start', {
        source: { kind: 'group-file', communityId: file.communityId, fileId: file.fileId },
        action: 'save',
      }),
    );
    expect(answer).toEqual({ started: false });
    expect(data(await call(app, 'downloads:list')).items).toHaveLength(before);
  });

  it('keeps the previous good file when the download breaks mid-stream, and then retries', async () => {
    const file = groupFile();
    expect(file.bytes.length).toBeGreaterThan(20);
    const target = join(saveFolder, 'keep-me.txt');
    writeFileSync(target, 'the good copy');
    await addFault(apps.running.url, {
      Method: 'GET',
      PathPattern: '/media/',
      Kind: 'drop-mid-answer',
      AfterBytes: 10,
    });
    try {
      app.files.nextSavePath = target;
      const started = data(
        await call(app, 'downloads:start', {
          source: { kind: 'group-file', communityId: file.communityId, fileId: file.fileId },
          action: 'save',
        }),
      );
      const failed = await finished(started.id!);
      expect(failed.state).toBe('failed');
      expect(failed.problem).toMatchObject({ code: 'UNREACHABLE', incomplete: true });
      expect(readFileSync(target, 'utf8')).toBe('the good copy');
      expect(readdirSync(saveFolder).filter((name) => name.includes('keep-me'))).toEqual(['keep-me.txt']);

      await clearFaults(apps.running.url);
      data(await call(app, 'downloads:control', { action: 'retry', id: started.id! }));
      expect(await finished(started.id!)).toMatchObject({ state: 'done' });
      expect(readFileSync(target).equals(file.bytes)).toBe(true);
    } finally {
      await clearFaults(apps.running.url);
    }
  });

  it('refuses a plain-http address on another server, and sends the token to no other origin', async () => {
    const seen: IncomingHttpHeaders[] = [];
    const other: Server = createServer((req, res) => {
      seen.push(req.headers);
      res.end('other');
    });
    await new Promise<void>((resolve) => other.listen(0, '127.0.0.1', resolve));
    const port = (other.address() as AddressInfo).port;
    try {
      const http = app.composition.session.http();
      const refused = downloadToFile({
        url: `http://127.0.0.1:${port}/file.txt`,
        serviceUrl: http.serviceUrl,
        target: join(saveFolder, 'never.txt'),
        replace: true,
        stream: (url, request) => http.stream(url, request),
        signal: new AbortController().signal,
        markOfTheWeb: { platform: process.platform },
      });
      await expect(refused).rejects.toMatchObject({ code: 'INSECURE_URL' });
      await expect(refused).rejects.toThrow(/unencrypted/);
      expect(seen).toEqual([]);

      // Even asked directly, the HTTP layer keeps the token for the service's own origin.
      const answer = await http.stream(`http://127.0.0.1:${port}/file.txt`);
      if (answer.kind === 'answered') answer.body.resume();
      expect(seen).toHaveLength(1);
      expect(seen[0]!.authorization).toBeUndefined();
    } finally {
      await new Promise((resolve) => other.close(resolve));
    }
  });
});
