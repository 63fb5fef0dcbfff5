import { beforeEach, describe, expect, it } from 'vitest';
import { fakeElectron } from '../../../support/fake-electron';
import { createRecordingShell } from '../../../../main/electron/recording-shell';
import type { RecordingSummary } from '../../../../preload/contract';

/** What recording asks of the OS: no suspend while it records, and a word when the tagged video is ready. */

let routes: string[];
const translator = ((key: string, values?: Record<string, unknown>) =>
  values?.title ? `${key}: ${String(values.title)}` : key) as Parameters<typeof createRecordingShell>[0]['translator'];

function shell() {
  return createRecordingShell({ showRoute: (route) => routes.push(route), translator });
}

const done = (patch: Partial<RecordingSummary> = {}): RecordingSummary => ({
  id: 'r1',
  title: 'Fractions, 5B',
  step: 'done',
  startedAt: '2026-11-28T10:02:00.000Z',
  durationMs: 60_000,
  bytes: 1_000_000,
  tags: [],
  videoId: 41,
  taggedVideoId: 7,
  ...patch,
});

beforeEach(async () => {
  fakeElectron.reset();
  await fakeElectron.becomeReady();
  routes = [];
});

describe('the recording shell', () => {
  it('keeps the computer from suspending while recording: one blocker, gone when stopped', () => {
    const { keepAwake } = shell();
    keepAwake.start();
    keepAwake.start();
    expect([...fakeElectron.state.powerSaveBlockers.values()]).toEqual(['prevent-app-suspension']);
    keepAwake.stop();
    keepAwake.stop();
    expect(fakeElectron.state.powerSaveBlockers.size).toBe(0);
  });

  it('says when the tagged video is ready, and a click opens it on the tagging page', () => {
    shell().ready(done());
    const [note] = fakeElectron.state.notifications;
    expect(note?.shown).toBe(true);
    expect(note?.body).toContain('Fractions, 5B');
    note?.click();
    expect(routes).toEqual(['/videos/41/tagged/7']);
  });

  it('says nothing while the tagged video does not exist yet, or where notifications are not supported', () => {
    shell().ready(done({ taggedVideoId: undefined }));
    fakeElectron.state.notificationsSupported = false;
    shell().ready(done());
    expect(fakeElectron.state.notifications).toEqual([]);
  });
});
