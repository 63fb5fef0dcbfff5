import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import {
  MAX_DAYS_BEHIND,
  electronFreshness,
  installedElectronVersion,
  snapshotAgeDays,
  snapshotFrom,
  type ReleaseSnapshot,
} from '../../../scripts/lib/electron-freshness.mjs';

/**
 * Issue 28 item 17: CI fails when the installed Electron has been behind the newest patch of its major
 * for more than 30 days, offline, from the release snapshot checked into the repository.
 */

const lockfileElectron = installedElectronVersion(JSON.parse(readFileSync('package-lock.json', 'utf8')));
const snapshot = JSON.parse(readFileSync('scripts/electron-releases.json', 'utf8')) as ReleaseSnapshot;
const today = new Date();

describe('the installed Electron and its patch releases', () => {
  it(`has not been behind the newest patch of its major for more than ${MAX_DAYS_BEHIND} days`, () => {
    const verdict = electronFreshness({ installed: lockfileElectron, releases: snapshot.releases, today });
    // The message says which patch to take and the command that takes it.
    expect(['current', 'behind'], verdict.message).toContain(verdict.status);
  });

  it('is in the release snapshot (refresh it with `npm run electron:releases` when bumping Electron)', () => {
    expect(Object.keys(snapshot.releases)).toContain(lockfileElectron);
  });

  it('reads a snapshot that is consistent: dated, no release after its date, oldest first', () => {
    const fetched = Date.parse(snapshot.fetchedAt);
    expect(Number.isNaN(fetched)).toBe(false);
    expect(fetched).toBeLessThanOrEqual(today.getTime());
    const dates = Object.values(snapshot.releases).map((date) => Date.parse(date));
    for (const date of dates) expect(date).toBeLessThanOrEqual(fetched);
    expect(Object.keys(snapshot.releases).every((version) => /^\d+\.\d+\.\d+$/.test(version))).toBe(true);
  });

  // Offline nobody can refresh the snapshot, so its age is said, not failed on; the online workflow
  // (desktop.yml, `--check --online`) catches what a stale snapshot misses.
  const age = snapshotAgeDays(snapshot, today);
  it.skipIf(age > MAX_DAYS_BEHIND)(
    `uses a snapshot at most ${MAX_DAYS_BEHIND} days old (it is ${age}; if skipped, run \`npm run electron:releases\`)`,
    () => {
      expect(age).toBeLessThanOrEqual(MAX_DAYS_BEHIND);
    },
  );
});

describe('the rule, on made-up releases', () => {
  const releases = {
    '44.11.5': '2026-11-19T00:45:49Z',
    '45.3.4': '2026-11-17T19:08:22Z',
    '45.4.1': '2026-11-19T02:04:13Z',
    '45.5.0': '2026-11-24T20:36:15Z',
    '46.0.0': '2026-12-20T00:00:00Z',
  };
  const on = (date: string) => new Date(`${date}T12:00:00Z`);

  it('the newest patch of its major is current, whatever newer major exists', () => {
    expect(electronFreshness({ installed: '45.5.0', releases, today: on('2027-06-01') })).toMatchObject({
      status: 'current',
    });
  });

  it('behind for up to 30 days is allowed; from the 31st day it fails, naming the patch and the command', () => {
    expect(electronFreshness({ installed: '45.4.1', releases, today: on('2026-12-24') })).toMatchObject({
      status: 'behind',
      latest: '45.5.0',
      daysBehind: 29,
    });
    const late = electronFreshness({ installed: '45.4.1', releases, today: on('2026-12-26') });
    expect(late).toMatchObject({ status: 'too-far-behind', latest: '45.5.0', daysBehind: 31 });
    expect(late.message).toBe(
      'Electron 45.4.1 is behind 45.5.0, the newest 45.x, since 45.5.0 came out 31 days ago (at most 30 allowed). Take the patch: ELECTRON_SKIP_BINARY_DOWNLOAD=1 npm install --save-dev --save-exact electron@45.5.0',
    );
  });

  it('counts from the first release that superseded it, so weekly patches cannot hide an old version', () => {
    const verdict = electronFreshness({ installed: '45.3.4', releases, today: on('2026-12-20') });
    // 45.5.0 is only 25 days old, but 45.4.1 replaced 45.3.4 31 days before.
    expect(verdict).toMatchObject({ status: 'too-far-behind', latest: '45.5.0', daysBehind: 31 });
  });

  it('a version the snapshot does not list is unknown: the snapshot must be refreshed', () => {
    expect(electronFreshness({ installed: '45.6.0', releases, today: on('2026-12-01') })).toMatchObject({
      status: 'unknown',
      message: 'Electron 45.6.0 is not in the release snapshot: refresh it with `npm run electron:releases`.',
    });
  });

  it('a snapshot keeps stable releases from two majors before the installed one, oldest first', () => {
    const time = {
      '42.9.0': '2026-05-01T00:00:00Z',
      '43.0.0': '2026-07-01T00:00:00Z',
      '45.5.0': '2026-11-24T20:36:15Z',
      '45.10.0': '2026-12-24T00:00:00Z',
      '46.0.0-beta.1': '2026-11-01T00:00:00Z',
      '45.4.1': '2026-11-19T02:04:13Z',
    };
    const taken = snapshotFrom(time, '45.5.0', new Date('2026-12-25T00:00:00Z'));
    expect(Object.keys(taken.releases)).toEqual(['43.0.0', '45.4.1', '45.5.0', '45.10.0']);
    expect(taken.fetchedAt).toBe('2026-12-25T00:00:00.000Z');
  });
});
