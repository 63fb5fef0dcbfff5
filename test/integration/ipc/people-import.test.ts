import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IncomingMessage } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { csvRows } from '../../support/csv-rows';
import { xlsxBomb, xlsxBytes } from '../../support/xlsx';
import { startTestApp, type TestApp } from '../../support/app-host';
import { call, callWithAnything, data, startDemoApps, type DemoApps } from '../../support/browse-app';
import { addFault, clearFaults } from '../uploads/support';

/**
 * Inviting people from a file through the real handler table (#17 item 2): a real file on disk chosen in
 * the (fake) open dialog, previewed against the organisation's groups, sent to the sandbox in batches,
 * the results saved as CSV; a plain user is refused in main and the service is never asked.
 */
let demo: DemoApps;
let admin: TestApp;
let teacher: TestApp;
const folder = mkdtempSync(join(tmpdir(), 'vc-people-import-'));
/** Every /api request the sandbox received, as "METHOD path". */
const received: string[] = [];

beforeAll(async () => {
  demo = await startDemoApps();
  admin = await demo.signedIn('admin@northbridge.example', { start: false });
  teacher = await demo.signedIn('teacher@northbridge.example', { start: false });
  demo.running.sandbox.app.server.on('request', (request: IncomingMessage) => {
    received.push(`${request.method} ${request.url?.split('?')[0]}`);
  });
});
afterAll(() => demo?.stop());

const db = () => demo.running.sandbox.ctx.db;
const northbridgeOf = (app: TestApp) =>
  app.composition.session.state().organisations!.find((o) => o.name === 'Northbridge University')!.id;
const aGroupOf = (organisationId: number) =>
  db()
    .prepare('SELECT id, name FROM communities WHERE organisation_id = ? ORDER BY id LIMIT 1')
    .get(organisationId) as {
    id: number;
    name: string;
  };
const invitesTo = (email: string) =>
  db().prepare('SELECT is_org_admin, community_ids FROM org_invites WHERE email = ?').get(email) as
    { is_org_admin: number; community_ids: string } | undefined;
const mailTo = (email: string) =>
  db().prepare("SELECT COUNT(*) FROM outbox WHERE to_address = ? AND kind = 'org_invite'").pluck().get(email) as number;

/** Chooses `path` in the open dialog, as the person would. */
async function choose(app: TestApp, path: string) {
  app.dialog.next = [path];
  const answer = data(await call(app, 'people-import:choose-file'));
  if (!('file' in answer)) throw new Error('the dialog was answered');
  return answer.file;
}

describe('inviting people from a file', () => {
  it('reads a CSV chosen in the dialog, previews its problems, sends the good rows and saves the results', async () => {
    const organisationId = northbridgeOf(admin);
    const group = aGroupOf(organisationId);
    const stamp = Date.now();
    const people = Array.from({ length: 30 }, (_v, i) => `colleague-${stamp}-${i}@northbridge.example`);
    const csv = [
      'E-mail;Admin;Groups',
      ...people.map((email, i) => `${email};${i === 0 ? 'yes' : ''};${i < 3 ? group.name : ''}`),
      `not-an-address;;`,
      `${people[1]!.toUpperCase()};;`,
      `someone-${stamp}@northbridge.example;;No Such Group`,
    ].join('\r\n');
    const path = join(folder, 'colleagues.csv');
    writeFileSync(path, `\uFEFF${csv}`);

    const file = await choose(admin, path);
    expect(admin.dialog.modes).toEqual(['spreadsheet']);
    expect(file).toMatchObject({
      fileName: 'colleagues.csv',
      headers: ['E-mail', 'Admin', 'Groups'],
      rowCount: 33,
      guess: { email: 0, admin: 1, groups: 2 },
    });
    expect(file.sampleRows[0]).toEqual([people[0], 'yes', group.name]);
    expect(JSON.stringify(file)).not.toContain(folder);

    const request = { token: file.token, organisationId, mapping: file.guess };
    const preview = data(await call(admin, 'people-import:preview', request));
    expect(preview).toMatchObject({ ready: 30, withProblems: 3 });
    expect(preview.rows.filter((row) => row.problems.length > 0)).toEqual([
      expect.objectContaining({ line: 32, problems: [{ kind: 'malformed-email', value: 'not-an-address' }] }),
      expect.objectContaining({ line: 33, problems: [{ kind: 'duplicate-email', firstRow: 3 }] }),
      expect.objectContaining({ line: 34, problems: [{ kind: 'unknown-group', name: 'No Such Group' }] }),
    ]);
    expect(received.filter((line) => line.startsWith('POST /api/userinvites'))).toEqual([]);

    received.length = 0;
    admin.events.length = 0;
    const outcome = data(await call(admin, 'people-import:start', request));
    expect([...outcome.invited].sort()).toEqual([...people].sort());
    expect(outcome).toMatchObject({ failed: [], notSent: [], unknown: [], alreadyInOrganisation: [] });
    // Two batches (25 + 5), progress pushed after each.
    expect(received.filter((line) => line === 'POST /api/userinvites/multiple')).toHaveLength(2);
    expect(admin.events.filter((e) => e.channel === 'people-import:progress').map((e) => e.payload)).toEqual([
      { sentBatches: 1, totalBatches: 2 },
      { sentBatches: 2, totalBatches: 2 },
    ]);
    // The sandbox holds each invitation, with the admin flag and the group from the file, and mailed it once.
    expect(invitesTo(people[0]!)).toEqual({ is_org_admin: 1, community_ids: `[${group.id}]` });
    expect(invitesTo(people[5]!)).toEqual({ is_org_admin: 0, community_ids: '[]' });
    for (const email of people) expect(mailTo(email)).toBe(1);
    expect(invitesTo(`someone-${stamp}@northbridge.example`)).toBeUndefined();
    // Finished runs leave nothing to resume.
    expect(data(await call(admin, 'people-import:pending'))).toBeNull();

    admin.files.nextSavePath = join(folder, 'results.csv');
    const saved = data(await call(admin, 'people-import:save-results'));
    expect(saved).toEqual({ saved: join(folder, 'results.csv') });
    expect(admin.files.suggested).toEqual([expect.stringMatching(/^invitations-\d{4}-\d{2}-\d{2}\.csv$/)]);
    const rows = csvRows(readFileSync(join(folder, 'results.csv'), 'utf8'));
    expect(rows).toHaveLength(30);
    expect(rows.every((row) => row.Result === 'invited')).toBe(true);
    expect(rows.map((row) => row.Email).sort()).toEqual([...people].sort());
    // Written under a temporary name, then renamed: nothing else is left in the folder.
    expect(readdirSync(folder).sort()).toEqual(['colleagues.csv', 'results.csv']);
  });

  it('reads the first sheet of an Excel workbook, and sorts existing members into their lists', async () => {
    const organisationId = northbridgeOf(admin);
    const path = join(folder, 'people.xlsx');
    writeFileSync(
      path,
      xlsxBytes([
        ['Epost', 'Notes'],
        ['teacher@northbridge.example', 'already here'],
        [`new-${Date.now()}@northbridge.example`, { date: new Date(Date.UTC(2026, 0, 5)) }],
      ]),
    );
    const file = await choose(admin, path);
    expect(file).toMatchObject({ headers: ['Epost', 'Notes'], rowCount: 2, guess: { email: 0 } });
    expect(file.sampleRows[1]![1]).toBe('2026-01-05');
    const outcome = data(
      await call(admin, 'people-import:start', { token: file.token, organisationId, mapping: { email: 0 } }),
    );
    expect(outcome.alreadyInOrganisation).toEqual(['teacher@northbridge.example']);
    expect(outcome.invited).toHaveLength(1);
  });

  it('a cancelled dialog reads nothing; a file it cannot read is refused with a reason', async () => {
    admin.dialog.next = undefined;
    expect(data(await call(admin, 'people-import:choose-file'))).toEqual({ cancelled: true });
    const old = join(folder, 'old.xls');
    writeFileSync(old, 'not really excel');
    admin.dialog.next = [old];
    expect(await call(admin, 'people-import:choose-file')).toMatchObject({
      ok: false,
      error: { code: 'VALIDATION', message: expect.stringMatching(/\.xlsx or CSV/) },
    });
    const missing = join(folder, 'gone.csv');
    admin.dialog.next = [missing];
    const refused = await call(admin, 'people-import:choose-file');
    expect(refused).toMatchObject({ ok: false, error: { code: 'NOT_FOUND', details: { problem: 'unreadable' } } });
    expect(JSON.stringify(refused)).not.toContain(folder);
  });

  it('a workbook that inflates to 64 MB is refused with its reason, and the next file still reads', async () => {
    const bomb = join(folder, 'bomb.xlsx');
    writeFileSync(
      bomb,
      xlsxBomb({
        head: '<row r="1"><c r="A1" t="inlineStr"><is><t>',
        piece: 'A'.repeat(1024 * 1024),
        times: 64,
        tail: '</t></is></c></row>',
      }),
    );
    admin.dialog.next = [bomb];
    const refused = await call(admin, 'people-import:choose-file');
    expect(refused).toEqual({
      ok: false,
      error: {
        code: 'VALIDATION',
        message: 'This spreadsheet is too large or damaged to read.',
        details: { problem: 'unpacks-too-large' },
      },
    });
    const fine = join(folder, 'fine.xlsx');
    writeFileSync(fine, xlsxBytes([['Email'], ['ada@school.example']]));
    expect(await choose(admin, fine)).toMatchObject({ rowCount: 1, rowLimit: 2_000, truncated: false });
  });

  it('a file of 5,000 people is read to one row past the cap, and says it goes on', async () => {
    const path = join(folder, 'directory.csv');
    writeFileSync(path, ['Email', ...Array.from({ length: 5_000 }, (_v, i) => `p${i}@northbridge.example`)].join('\n'));
    const file = await choose(admin, path);
    expect(file).toMatchObject({ rowCount: 2_001, rowLimit: 2_000, truncated: true });
    const preview = data(
      await call(admin, 'people-import:preview', {
        token: file.token,
        organisationId: northbridgeOf(admin),
        mapping: { email: 0 },
      }),
    );
    expect(preview).toMatchObject({ ready: 2_000, withProblems: 1 });
    expect(preview.rows.at(-1)).toMatchObject({ line: 2_002, problems: [{ kind: 'too-many-rows', limit: 2_000 }] });
  });

  it('a plain user is refused in main: no dialog, no request', async () => {
    const organisationId = northbridgeOf(teacher);
    const path = join(folder, 'teacher.csv');
    writeFileSync(path, 'Email\nsomeone@northbridge.example\n');
    received.length = 0;
    teacher.dialog.next = [path];
    const request = { token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', organisationId, mapping: { email: 0 } };
    const refusals = await Promise.all([
      call(teacher, 'people-import:choose-file'),
      call(teacher, 'people-import:preview', request),
      call(teacher, 'people-import:start', request),
      call(teacher, 'people-import:pending'),
      call(teacher, 'people-import:resume'),
      call(teacher, 'people-import:discard'),
      call(teacher, 'people-import:save-results'),
    ]);
    for (const refusal of refusals) {
      expect(refusal).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
    expect(teacher.dialog.modes).toEqual([]);
    expect(teacher.files.suggested).toEqual([]);
    expect(received.filter((line) => line.includes('/api/'))).toEqual([]);
  });

  it('an administrator cannot use a file chosen by another app, or send to an organisation of someone else', async () => {
    const path = join(folder, 'mine.csv');
    writeFileSync(path, 'Email\nsomeone-else@northbridge.example\n');
    const file = await choose(admin, path);
    const lakeside = teacher.composition.session
      .state()
      .organisations!.find((o) => o.name !== 'Northbridge University');
    const stranger = await demo.signedIn('admin@northbridge.example', { start: false });
    expect(
      await call(stranger, 'people-import:preview', {
        token: file.token,
        organisationId: northbridgeOf(stranger),
        mapping: { email: 0 },
      }),
    ).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
    if (lakeside) {
      expect(
        await call(admin, 'people-import:start', {
          token: file.token,
          organisationId: lakeside.id,
          mapping: { email: 0 },
        }),
      ).toMatchObject({ ok: false, error: { code: 'FORBIDDEN' } });
    }
  });

  it('refuses garbage before anything else: a path instead of a token, a column out of range, extra keys', async () => {
    const organisationId = northbridgeOf(admin);
    received.length = 0;
    const bad = [
      [{ token: join(folder, 'colleagues.csv'), organisationId, mapping: { email: 0 } }],
      [{ token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', organisationId, mapping: { email: -1 } }],
      [{ token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', organisationId, mapping: { email: 0 }, path: '/etc/passwd' }],
      [{ token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90', organisationId: '1', mapping: { email: 0 } }],
    ];
    for (const args of bad) {
      expect(await callWithAnything(admin, 'people-import:preview', args)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
      expect(await callWithAnything(admin, 'people-import:start', args)).toMatchObject({
        ok: false,
        error: { code: 'INVALID_ARGUMENT' },
      });
    }
    expect(await callWithAnything(admin, 'people-import:choose-file', ['/etc/passwd'])).toMatchObject({
      ok: false,
      error: { code: 'INVALID_ARGUMENT' },
    });
    expect(received).toEqual([]);
  });

  it('after a quit half-way, the next start offers the rest and never sends a batch twice', async () => {
    const organisationId = northbridgeOf(admin);
    const stamp = Date.now();
    const people = Array.from({ length: 30 }, (_v, i) => `later-${stamp}-${i}@northbridge.example`);
    const path = join(folder, 'later.csv');
    writeFileSync(path, ['Email', ...people].join('\n'));
    // The first batch is taken in and never answered: the app "quits" while it waits.
    const quitter = await demo.signedIn('admin@northbridge.example', { start: false });
    const file = await choose(quitter, path);
    await addFault(demo.running.url, {
      Method: 'POST',
      PathPattern: '/api/userinvites/multiple',
      Kind: 'swallow',
      Times: 1,
    });
    received.length = 0;
    const abandoned = call(quitter, 'people-import:start', {
      token: file.token,
      organisationId,
      mapping: { email: 0 },
    });
    while (!received.includes('POST /api/userinvites/multiple')) await new Promise((r) => setTimeout(r, 20));
    await clearFaults(demo.running.url);

    // "Restart": the same data folder, signed in again.
    const again = await startTestApp(demo.running.url, { dataFolder: quitter.dataFolder, start: false });
    await again.composition.session.signInWithPassword('admin@northbridge.example', 'demo-password');
    const pending = data(await call(again, 'people-import:pending'));
    expect(pending).toMatchObject({
      organisationId,
      organisationName: 'Northbridge University',
      fileName: 'later.csv',
      remainingBatches: 1,
    });
    expect(pending!.outcome.unknown).toHaveLength(25);

    received.length = 0;
    const outcome = data(await call(again, 'people-import:resume'));
    expect(received.filter((line) => line === 'POST /api/userinvites/multiple')).toHaveLength(1);
    expect([...outcome.invited].sort()).toEqual(people.slice(25).sort());
    expect(outcome.unknown).toHaveLength(25);
    expect(data(await call(again, 'people-import:pending'))).toBeNull();
    await again.composition.stop();
    void abandoned.catch(() => undefined);
  });

  it('discarding a pending run sends nothing more', async () => {
    expect(data(await call(admin, 'people-import:discard'))).toBeNull();
    expect(data(await call(admin, 'people-import:pending'))).toBeNull();
    expect(await call(admin, 'people-import:resume')).toMatchObject({ ok: false, error: { code: 'NOT_FOUND' } });
  });
});
