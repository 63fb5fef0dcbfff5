import { describe, expect, it } from 'vitest';
import { batchFinishedText, needsAttentionText } from '../../../../../main/services/uploads/run-summary-text';
import type { RunSummary } from '../../../../../main/services/uploads/types';

const summary = (over: Partial<RunSummary>): RunSummary => ({
  done: 0,
  failed: 0,
  cancelled: 0,
  failures: [],
  ...over,
});

describe('what the native notifications say about a batch', () => {
  it('counts the files that arrived', () => {
    expect(batchFinishedText(summary({ done: 1 }))).toEqual({
      title: 'Uploads finished',
      body: '1 file is on the service.',
    });
    expect(batchFinishedText(summary({ done: 40 })).body).toBe('40 files are on the service.');
  });

  it('names the first failed file with its reason in words, and counts the rest', () => {
    const text = needsAttentionText(
      summary({
        done: 38,
        failed: 2,
        failures: [
          { displayPath: 'week 1/plan.docx', problem: { code: 'FILE_PROBLEM', message: 'The file no longer exists.' } },
          { displayPath: 'week 1/notes.txt', problem: { code: 'TOO_LARGE', message: 'The file is too large.' } },
        ],
      }),
    );
    expect(text.title).toBe('2 uploads failed');
    expect(text.body).toBe(
      'week 1/plan.docx: The file no longer exists. And 1 other file. 38 files are on the service.',
    );
    expect(text.body).not.toContain('[object');
  });

  it('says uploads wait for a sign-in when the session ended', () => {
    expect(needsAttentionText(summary({ done: 1, waitingForSignIn: true }))).toEqual({
      title: 'Uploads are waiting for you to sign in',
      body: 'Sign in again and they carry on where they stopped; nothing is lost.',
    });
  });

  it('says uploads are paused when nothing failed', () => {
    expect(needsAttentionText(summary({ done: 3 }))).toEqual({
      title: 'Uploads need your attention',
      body: 'Some uploads are paused. Open the app to carry on.',
    });
  });

  it('says how many upload records could not be read, that the rest were restored, and where the copy is', () => {
    const copy = '/data/uploads/upload-queue.jsonl.damaged-2024-05-06T09-30-00-123Z';
    expect(needsAttentionText(summary({ recordsDamaged: { lines: 3, copiedTo: copy, filesToCheck: 0 } }))).toEqual({
      title: 'Upload records were damaged',
      body: `Some upload records could not be read (3 lines); the rest were restored. A copy is kept at ${copy}.`,
    });
    const one = needsAttentionText(summary({ recordsDamaged: { lines: 1, copiedTo: copy, filesToCheck: 2 } }));
    expect(one.body).toBe(
      `Some upload records could not be read (1 line); the rest were restored. A copy is kept at ${copy}. ` +
        '2 files that may already have arrived are looked for on the service before being sent again.',
    );
    const noCopy = needsAttentionText(summary({ recordsDamaged: { lines: 2, filesToCheck: 0 } }));
    expect(noCopy.body).toBe(
      'Some upload records could not be read (2 lines); the rest were restored. No copy of them could be kept.',
    );
  });
});
