import type { Logger } from '../log';
import type { AttemptResults } from './attempt-results';
import { ListUnavailable, type FileLister } from './file-lister';
import type { NetworkGate } from './network-gate';
import type { QueueItems } from './queue-items';
import { findUploaded, findUploadedVideo } from './reconcile';
import type { RemoteVideo } from './remote-file';
import { arrivalCheck } from './targets';
import type { UploadItem } from './types';

export type ReconcileVerdict = 'found' | 'absent' | 'unknown';

/**
 * The first step of an attempt for a file the service may already hold (an earlier attempt's whole
 * body left, or the app stopped while sending): it is looked for where the service can tell (see
 * `arrivalCheck`): the target's list of files, or for a video sent to My files the person's videos.
 * Found: done, without sending again. Absent: sent again. Unknown (the list could not be read, or
 * nothing can tell): the item waits, fails or pauses here, and the attempt ends.
 */
export class ReconcileStep {
  constructor(
    private readonly deps: {
      items: QueueItems;
      results: AttemptResults;
      lister: FileLister;
      networkGate: NetworkGate;
      clockSkewMs: number;
      log: Logger;
      stopped: () => boolean;
    },
  ) {}

  async run(item: UploadItem, signal: AbortSignal): Promise<ReconcileVerdict> {
    const check = arrivalCheck(item.target, item.contentType);
    if (check === 'resend') {
      item.uncertainSince = undefined;
      return 'absent';
    }
    this.deps.items.move(item, 'reconciling');
    if (check === 'none') return this.cannotTell(item);
    let found: { id: number | undefined } | 'absent' | 'undecidable';
    try {
      found = check === 'my-videos' ? await this.lookInMyVideos(item, signal) : await this.lookInFiles(item, signal);
    } catch (error) {
      // The person's videos cannot be read (an old service without the list, or no right to it): ask the teacher.
      if (check === 'my-videos' && error instanceof ListUnavailable && isRefusal(error)) return this.cannotTell(item);
      return this.listFailed(item, signal, error);
    }
    if (this.deps.stopped()) return 'unknown';
    if (found === 'undecidable') return this.cannotTell(item);
    item.uncertainSince = undefined;
    if (found === 'absent') {
      this.deps.items.persist(item);
      return 'absent';
    }
    if (check === 'my-videos') item.remoteVideoId = found.id;
    else item.remoteFileId = found.id;
    item.confirmedBy = 'list';
    this.deps.log.info('Upload found on the service after an interruption', { item: item.displayPath, where: check });
    this.deps.items.finish(item, 'done', undefined);
    return 'found';
  }

  private async lookInFiles(item: UploadItem, signal: AbortSignal): Promise<{ id: number | undefined } | 'absent'> {
    const remote = (await this.deps.lister.list(item.target, signal)) ?? [];
    const found = findUploaded(
      remote,
      { fileName: item.fileName, size: item.size, since: item.uncertainSince! },
      this.deps.items.claimedRemoteIds(item),
      this.deps.clockSkewMs,
    );
    // A listed file without an id still counts as found (there is nothing to link it by).
    return found ?? 'absent';
  }

  /** A video sent to My files became one of the person's videos, if it arrived (see findUploadedVideo). */
  private async lookInMyVideos(item: UploadItem, signal: AbortSignal): Promise<RemoteVideo | 'absent' | 'undecidable'> {
    const videos = await this.deps.lister.myVideos(signal);
    return findUploadedVideo(
      videos,
      { fileName: item.fileName, since: item.uncertainSince! },
      this.deps.items.claimedVideoIds(item),
      this.deps.clockSkewMs,
    );
  }

  /** Nothing can tell whether the file arrived: rather than risk a second copy, ask the teacher. */
  private cannotTell(item: UploadItem): ReconcileVerdict {
    item.uncertainSince = undefined;
    this.deps.items.finish(item, 'failed', {
      code: 'UNREACHABLE',
      message:
        'The connection broke after the file was sent, and the service cannot be asked whether it arrived. Check your files, then retry if it is missing.',
      text: { key: 'uploads.problems.arrivalUnknown' },
    });
    return 'unknown';
  }

  private async listFailed(item: UploadItem, signal: AbortSignal, error: unknown): Promise<ReconcileVerdict> {
    const { items, results } = this.deps;
    if (this.deps.stopped() || signal.aborted) return 'unknown';
    if (error instanceof ListUnavailable && error.reason === 'signed-out') {
      results.signedOut(item);
      return 'unknown';
    }
    if (
      error instanceof ListUnavailable &&
      error.reason === 'status' &&
      (error.status === 403 || error.status === 404)
    ) {
      items.finish(item, 'failed', {
        code: error.status === 403 ? 'FORBIDDEN' : 'NOT_FOUND',
        message:
          'The place you are uploading to can no longer be read, so the app cannot tell whether this file arrived.',
        text: { key: 'uploads.problems.targetUnreadable' },
      });
      return 'unknown';
    }
    if (error instanceof ListUnavailable && error.reason === 'network' && !(await this.deps.networkGate.noAnswer())) {
      if (!this.deps.stopped()) results.waitForNetwork(item, true);
      return 'unknown';
    }
    results.act(item, {
      action: 'retry',
      problem: {
        code: 'UNREACHABLE',
        message: 'The app is checking whether this file arrived and will try again.',
        text: { key: 'uploads.problems.checkingArrival' },
      },
      retryAfterMs: undefined,
      reconcileFirst: true,
    });
    return 'unknown';
  }
}

/** The service answered that the list cannot be had (absent, not allowed), rather than failing for now. */
function isRefusal(error: ListUnavailable): boolean {
  return (
    error.reason === 'status' &&
    error.status !== undefined &&
    error.status >= 400 &&
    error.status < 500 &&
    error.status !== 429 &&
    error.status !== 408
  );
}
