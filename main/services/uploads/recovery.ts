import { existsSync, readdirSync, rmSync } from 'node:fs';
import { basename, join } from 'node:path';
import type { Logger } from '../log';
import { UploadJournal, type JournalDamage } from './journal';
import { activeStates } from './states';
import { resendIsHarmless } from './targets';
import type { Notifier, UploadItem } from './types';

/**
 * Opening the journal and carrying on after a quit, a crash or a kill: where each interrupted item
 * resumes, and what is said about damaged records. Replaying is not a move of the state machine: an
 * item is put back where it can safely start again.
 */

/** The service may hold this file: remember since when (the earliest such attempt). */
export function markUncertain(item: UploadItem): void {
  const since = item.attemptStartedAt ?? item.createdAt;
  item.uncertainSince = Math.min(item.uncertainSince ?? since, since);
}

/**
 * An item found in the journal at start: whatever was in flight may be on the service already. So
 * may an item whose latest record was lost to damage: that record may have been its "sending" mark,
 * so it is looked for on the service (since its last known attempt, or since it was queued) before it
 * is sent again, after `settleMs` (the service may still be storing it). A paused, failed or
 * cancelled one keeps its state and is looked for when resumed or retried. One found 'checking' had
 * sent nothing: it waits in line again.
 */
export function recoverItem(item: UploadItem, now: number, recordMayBeLost: boolean, settleMs: number): void {
  if (item.state === 'uploading' || (recordMayBeLost && item.state !== 'done')) {
    markUncertain(item);
    if (activeStates.has(item.state)) {
      item.retryAt = now + settleMs;
      item.state = 'reconciling';
    }
  } else if (item.state === 'checking') {
    item.state = item.uncertainSince !== undefined ? 'reconciling' : 'queued';
  } else if (item.state === 'preparing') {
    // Nothing was sent; the preparation starts again from the beginning (its partial output is gone).
    item.state = 'queued';
  }
  forgetSpentCopy(item);
}

/**
 * A smaller copy (issue 29) that is missing, or whose item is over (done, or cancelled: a retry
 * prepares again), is forgotten and removed. Runs before the journal is rewritten.
 */
function forgetSpentCopy(item: UploadItem): void {
  if (!item.prepared) return;
  if (existsSync(item.prepared.path) && item.state !== 'done' && item.state !== 'cancelled') return;
  rmSync(item.prepared.path, { force: true });
  item.prepared = undefined;
}

/** Where an account's smaller copies live: `<dataFolder>/prepared/`. */
export const preparedFolder = (dataFolder: string) => join(dataFolder, 'prepared');

/** A kill while preparing leaves a `.partial.mp4`: never a finished file, so it goes at the next start. */
function removePartialCopies(dataFolder: string): void {
  const folder = preparedFolder(dataFolder);
  if (!existsSync(folder)) return;
  for (const name of readdirSync(folder)) {
    if (name.endsWith('.partial.mp4')) rmSync(join(folder, name), { force: true });
  }
}

/** Opens `<dataFolder>/uploads/`, recovering each item before the journal is rewritten. */
export function openJournal(
  dataFolder: string,
  clock: { now(): number },
  settleMs: number,
): ReturnType<typeof UploadJournal.open> {
  const now = clock.now();
  removePartialCopies(dataFolder);
  return UploadJournal.open(join(dataFolder, 'uploads'), {
    now: () => clock.now(),
    // Before the journal is rewritten, so the rewritten journal already says what to check.
    recover: (item, recordMayBeLost) => recoverItem(item, now, recordMayBeLost, settleMs),
  });
}

/** Said once, when the queue opens: a log line without any record's contents, and a notification. */
export function reportDamage(
  damage: JournalDamage,
  items: ReadonlyMap<string, UploadItem>,
  deps: { log: Logger; notifier: Notifier },
): void {
  const filesToCheck = damage.itemsMaybeStale.filter((id) => {
    const item = items.get(id);
    return item !== undefined && !resendIsHarmless(item.target);
  }).length;
  deps.log.warn('Upload records were damaged; the readable ones were restored', {
    badLines: damage.badLines,
    truncatedTail: damage.truncatedTail,
    copy: damage.copiedTo === undefined ? 'none' : basename(damage.copiedTo),
    filesToCheck,
  });
  deps.notifier.needsAttention({
    done: 0,
    failed: 0,
    cancelled: 0,
    failures: [],
    recordsDamaged: {
      lines: damage.badLines + (damage.truncatedTail ? 1 : 0),
      ...(damage.copiedTo !== undefined ? { copiedTo: damage.copiedTo } : {}),
      filesToCheck,
    },
  });
}
