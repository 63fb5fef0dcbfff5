import { uploadStates, type UploadState } from '../../../preload/contract';

/**
 * The upload queue's state machine: what each state means, and which moves between states are
 * allowed, in one place. Every change of an item's state goes through `assertMove` (queue-items.ts),
 * so a move the table does not list is a bug that shows at once (the attempt fails with an internal
 * error) instead of a queue that quietly loses track of a file. Replaying the journal after a quit is
 * not a move: recovery.ts decides where an interrupted item resumes.
 *
 *   queued ──► checking ──► (preparing) ──► uploading ──► done
 *     ▲  ╲         │            │
 *     │   ╲        ▼            ▼
 *     │    ► reconciling ◄── (the body may have reached the service: its list decides first)
 *     │
 *   paused · failed · cancelled ──► queued | reconciling (resumed or retried)
 *
 * A new state (issue 29's `preparing`) is added to the contract's `uploadStates`, given its row
 * here and its place in the sets below, and the compiler points at every switch that must learn it.
 */

/** Waiting in line (queued, or to be looked for on the service first); the run loop picks from these. */
export const waitingStates: ReadonlySet<UploadState> = new Set(['queued', 'reconciling']);

/** Part of the current run: waiting, or being worked on. */
export const activeStates: ReadonlySet<UploadState> = new Set([
  'queued',
  'checking',
  'preparing',
  'uploading',
  'reconciling',
]);

/** Over: nothing more happens unless the user retries (failed, cancelled) or clears the history. */
export const finishedStates: ReadonlySet<UploadState> = new Set(['done', 'failed', 'cancelled']);

/**
 * States not worth a journal line: 'checking' lasts a moment, and an item found in it after a quit
 * starts over as queued anyway.
 */
export const momentaryStates: ReadonlySet<UploadState> = new Set(['checking']);

/** Wherever an item is, the user may stop it, and an attempt may fail it (or wait its turn again). */
const stoppable = ['paused', 'cancelled', 'failed'] as const;

/** From each state, the states it may move to. */
const moves = {
  // Picked by the run loop: checked, or looked for on the service first when it may be there already
  // (an attempt stopped before it began puts it back in line).
  queued: ['queued', 'checking', 'reconciling', ...stoppable],
  // Looked for in the target's list: found (done), absent (checked and sent), or asked again later.
  reconciling: ['reconciling', 'checking', 'queued', 'done', ...stoppable],
  // Checked again just before sending: sent, or stopped (a file that changed fails here).
  checking: ['preparing', 'uploading', 'queued', 'reconciling', ...stoppable],
  // A video made smaller first: then sent (the prepared copy, or the original as it is), or stopped.
  preparing: ['uploading', 'queued', ...stoppable],
  // Sent: stored, retried (first looked for when the whole body left), or stopped.
  uploading: ['done', 'queued', 'reconciling', ...stoppable],
  paused: ['queued', 'reconciling', 'cancelled'],
  done: [],
  failed: ['queued', 'reconciling'],
  cancelled: ['queued', 'reconciling'],
} as const satisfies Record<UploadState, readonly UploadState[]>;

const allowed: ReadonlyMap<UploadState, ReadonlySet<UploadState>> = new Map(
  uploadStates.map((state) => [state, new Set<UploadState>(moves[state])]),
);

export function canMove(from: UploadState, to: UploadState): boolean {
  return allowed.get(from)?.has(to) ?? false;
}

/** A move the state machine does not allow: a bug in the queue, never the user's doing. */
export class IllegalMove extends Error {
  constructor(
    readonly from: UploadState,
    readonly to: UploadState,
  ) {
    super(`An upload cannot move from ${from} to ${to}.`);
    this.name = 'IllegalMove';
  }
}

export function assertMove(from: UploadState, to: UploadState): void {
  if (!canMove(from, to)) throw new IllegalMove(from, to);
}

/** Every state at zero: the counts the page shows start here. */
export function emptyCounts(): Record<UploadState, number> {
  return Object.fromEntries(uploadStates.map((state) => [state, 0])) as Record<UploadState, number>;
}
