import { describe, expect, it } from 'vitest';
import type { DownloadsSnapshot } from '../../../../../preload/contract';
import { AppError } from '../../../../../main/services/app-error';
import { DownloadQueue, type DownloadJob } from '../../../../../main/services/downloads/download-queue';

const job = (name: string): DownloadJob => ({
  source: { kind: 'group-file', communityId: 1, fileId: 2 },
  action: 'save',
  url: 'https://vc.example.org/media/x',
  target: `/tmp/${name}`,
  fileName: name,
});

/** An attempt the test finishes by hand. */
function controllable() {
  const attempts: { name: string; signal: AbortSignal; resolve(): void; reject(e: unknown): void }[] = [];
  const run = (j: DownloadJob, signal: AbortSignal) =>
    new Promise<void>((resolve, reject) => attempts.push({ name: j.fileName, signal, resolve, reject }));
  return { attempts, run };
}

const settled = () => new Promise((resolve) => setImmediate(resolve));

describe('the download queue', () => {
  it('runs a few at once and starts the next when one finishes', async () => {
    const { attempts, run } = controllable();
    const snapshots: DownloadsSnapshot[] = [];
    const queue = new DownloadQueue({ run, changed: (s) => snapshots.push(s), concurrency: 2 });
    queue.add(job('a'));
    queue.add(job('b'));
    queue.add(job('c'));
    expect(attempts.map((a) => a.name)).toEqual(['a', 'b']);
    attempts[0]!.resolve();
    await settled();
    expect(attempts.map((a) => a.name)).toEqual(['a', 'b', 'c']);
    const states = Object.fromEntries(queue.snapshot().items.map((i) => [i.fileName, i.state]));
    expect(states).toEqual({ a: 'done', b: 'downloading', c: 'downloading' });
  });

  it('cancels (aborting the attempt) and retries from the start', async () => {
    const { attempts, run } = controllable();
    const queue = new DownloadQueue({ run, changed: () => undefined });
    const id = queue.add(job('a'));
    queue.cancel(id);
    expect(attempts[0]!.signal.aborted).toBe(true);
    attempts[0]!.reject(new Error('aborted'));
    await settled();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'cancelled' });
    queue.retry(id);
    expect(attempts).toHaveLength(2);
    attempts[1]!.resolve();
    await settled();
    expect(queue.snapshot().items[0]).toMatchObject({ state: 'done' });
  });

  it('keeps the reason of a failure for the page', async () => {
    const { attempts, run } = controllable();
    const queue = new DownloadQueue({ run, changed: () => undefined });
    queue.add(job('a'));
    attempts[0]!.reject(new AppError('INSECURE_URL', 'Refused: plain http elsewhere.'));
    await settled();
    expect(queue.snapshot().items[0]).toMatchObject({
      state: 'failed',
      problem: { code: 'INSECURE_URL', message: 'Refused: plain http elsewhere.' },
    });
  });

  it('says what "open" did once finished, and clears only what is not under way', async () => {
    const { attempts, run } = controllable();
    const queue = new DownloadQueue({
      run,
      changed: () => undefined,
      finished: async () => ({ opened: 'shown-in-folder', shownBecause: 'file-type' }),
    });
    queue.add({ ...job('setup.exe'), action: 'open' });
    queue.add(job('b'));
    attempts[0]!.resolve();
    await settled();
    expect(queue.snapshot().items.find((i) => i.fileName === 'setup.exe')).toMatchObject({
      state: 'done',
      opened: 'shown-in-folder',
      shownBecause: 'file-type',
    });
    expect(queue.clearHistory()).toBe(1);
    expect(queue.snapshot().items.map((i) => i.fileName)).toEqual(['b']);
  });

  it('signing out cancels everything, forgets the list, and waits for the attempts to end', async () => {
    const { attempts, run } = controllable();
    const queue = new DownloadQueue({ run, changed: () => undefined });
    queue.add(job('a'));
    let reset = false;
    const resetting = queue.reset().then(() => (reset = true));
    expect(attempts[0]!.signal.aborted).toBe(true);
    expect(queue.snapshot().items).toEqual([]);
    await settled();
    expect(reset).toBe(false);
    attempts[0]!.reject(new Error('aborted'));
    await resetting;
    expect(reset).toBe(true);
  });

  it('puts back a list from before a restart without starting anything; Retry runs one with its new address', async () => {
    const { attempts, run } = controllable();
    const queue = new DownloadQueue({ run, changed: () => undefined });
    const item = (id: string, fileName: string, state: 'done' | 'interrupted') => ({
      id,
      source: job(fileName).source,
      action: 'save' as const,
      fileName,
      state,
      bytesReceived: 0,
      createdAt: '2026-11-25T09:00:00.000Z',
    });
    queue.restore([
      { item: item('00000000-0000-4000-8000-000000000002', 'newer', 'interrupted'), job: { ...job('newer'), url: '' } },
      { item: item('00000000-0000-4000-8000-000000000001', 'older', 'done'), job: { ...job('older'), url: '' } },
    ]);
    expect(queue.snapshot().items.map((i) => [i.fileName, i.state])).toEqual([
      ['newer', 'interrupted'],
      ['older', 'done'],
    ]);
    expect(queue.entriesNow().map((e) => e.item.fileName)).toEqual(['newer', 'older']);
    expect(attempts).toEqual([]);
    expect(queue.busy()).toBe(false);

    queue.retry('00000000-0000-4000-8000-000000000002', 'https://vc.example.org/media/fresh');
    expect(attempts.map((a) => a.name)).toEqual(['newer']);
    expect(queue.jobOf('00000000-0000-4000-8000-000000000002')?.url).toBe('https://vc.example.org/media/fresh');
    attempts[0]!.resolve();
    await settled();
    expect(queue.stateOf('00000000-0000-4000-8000-000000000002')).toBe('done');
    // A finished download is not run again by Retry.
    queue.retry('00000000-0000-4000-8000-000000000001');
    expect(attempts).toHaveLength(1);
  });
});
