import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, statfsSync } from 'node:fs';
import type {
  LiveTag,
  MetadataAnswer,
  RecordingFields,
  RecordingStart,
  RecordingSummary,
  SessionState,
} from '../../../preload/contract';
import { createOrganisationAdminApi } from '../../api/organisation-admin';
import { createTaggedVideosApi } from '../../api/tagged-videos';
import { AppError } from '../app-error';
import type { Logger } from '../log';
import type { SessionService } from '../session/session-service';
import type { PowerBlocker } from '../uploads/types';
import { createVideoFinder } from './find-video';
import { advance, type PipelineDeps } from './pipeline';
import { RecordingFiles } from './recording-files';
import { remuxInPlace } from './remux';
import type { RecordingRecord } from './replay';
import { createStopRequest } from './stop-request';

/** Below this much free space the recording stops, cleanly, before the disk is full. */
export const MIN_FREE_BYTES = 512 * 1024 * 1024;
/** MediaRecorder's chunks are about one second: far more than this is not one of ours. */
const MAX_CHUNK_BYTES = 32 * 1024 * 1024;

export interface RecordingServiceDeps {
  /** `<dataFolder>/recordings`: a folder per recording. */
  folder: string;
  session: SessionService;
  uploads: PipelineDeps['uploads'] & { onTotalsChange(listener: () => void): () => void };
  log: Logger;
  emit: (summary: RecordingSummary) => void;
  /** Asks the page to stop its recorder (the `recording:stop-requested` event). */
  askStop?: (id: string) => void;
  /** Keeps the computer awake while a recording runs (Electron's powerSaveBlocker). */
  keepAwake?: PowerBlocker;
  /** A finished tagged video (a native notification that opens it). */
  ready?: (summary: RecordingSummary) => void;
  /** Free bytes on the disk holding `folder` (tests give a nearly full disk). */
  freeBytes?: (folder: string) => number;
  /** The free space under which a recording stops (the e2e harness raises it); absent: MIN_FREE_BYTES. */
  minFreeBytes?: () => number;
  now?: () => Date;
}

const diskFree = (folder: string) => {
  const stats = statfsSync(folder);
  return stats.bavail * stats.bsize;
};

/** Who is signed in, as the journal names them: the service and user, hashed (no address in the file). */
export function accountKey(state: SessionState): string | undefined {
  if (state.status !== 'signed-in' || !state.user) return undefined;
  return createHash('sha256').update(`${state.connection.serviceUrl}|${state.user.id}`).digest('hex').slice(0, 24);
}

export function summaryOf(record: RecordingRecord): RecordingSummary {
  return {
    id: record.id,
    title: record.title,
    step: record.step,
    startedAt: record.startedAt,
    durationMs: record.stoppedMs ?? record.durationMs,
    bytes: record.bytes,
    tags: record.tags,
    ...(record.tagsetId !== undefined ? { tagsetId: record.tagsetId } : {}),
    ...(record.videoId !== undefined ? { videoId: record.videoId } : {}),
    ...(record.taggedVideoId !== undefined ? { taggedVideoId: record.taggedVideoId } : {}),
    ...(record.problem ? { problem: record.problem } : {}),
  };
}

/**
 * Recordings on this computer: the one being recorded (chunks, tags, stop), and every earlier one on its
 * way to a tagged video. At start, a recording whose journal says "recording" was cut off by a crash or a
 * kill: it is offered as interrupted (`list`), and kept or discarded by the person.
 */
export class RecordingService {
  private readonly recordings = new Map<string, RecordingFiles>();
  /** The recording this run of the app is writing (at most one). */
  private live: string | undefined;
  private readonly advancing = new Set<string>();
  private unsubscribe: (() => void) | undefined;
  private readonly liveListeners = new Set<() => void>();

  private readonly findVideo = createVideoFinder({
    connection: () => (this.deps.session.state().status === 'signed-in' ? this.deps.session.http() : undefined),
    claimed: () =>
      new Set(
        [...this.recordings.values()].flatMap((files) =>
          files.record!.videoId === undefined ? [] : [files.record!.videoId],
        ),
      ),
  });

  /** Stops the running recording from outside the page (the tray): the page first, main after a wait. */
  readonly requestStop: () => void;

  constructor(private readonly deps: RecordingServiceDeps) {
    this.requestStop = createStopRequest({
      live: () => (this.live ? { id: this.live, durationMs: this.require(this.live).record!.durationMs } : undefined),
      ask: (id) => deps.askStop?.(id),
      end: (id, ms) => {
        deps.log.warn('The page did not stop the recording when asked: main closed it');
        this.end(id, ms);
      },
    });
  }

  /** Recording time on disk of the recording running now; undefined when none runs. */
  liveElapsedMs(): number | undefined {
    return this.live ? this.recordings.get(this.live)?.record!.durationMs : undefined;
  }

  /** A recording began, got a chunk, or stopped (the tray's "Recording 12:34"). */
  onLiveChange(listener: () => void): () => void {
    this.liveListeners.add(listener);
    return () => this.liveListeners.delete(listener);
  }

  start(): void {
    for (const files of RecordingFiles.openAll(this.deps.folder)) {
      files.trimToJournal();
      this.recordings.set(files.record!.id, files);
    }
    this.unsubscribe = this.deps.uploads.onTotalsChange(() => this.advanceAll());
    this.deps.session.onChange(() => this.advanceAll());
    this.advanceAll();
  }

  stop(): void {
    this.unsubscribe?.();
    if (this.live) this.deps.keepAwake?.stop();
    for (const files of this.recordings.values()) files.close();
    this.recordings.clear();
    this.live = undefined;
  }

  async fields(): Promise<RecordingFields> {
    const { session } = this.deps;
    const organisationId = session.state().defaultOrganisationId;
    if (organisationId === undefined) return { prerecord: [], postrecord: [] };
    const api = createOrganisationAdminApi(session.http());
    const read = async (typeId: number) =>
      (await api.listMetadataFields({ typeId, organisationId, includeHidden: false }))
        .filter((field) => !field.isHidden)
        .sort((a, b) => (a.ordinal ?? 0) - (b.ordinal ?? 0));
    // The interface states the meaning of 1 and 2 both ways; the sandbox (and the admin page) use 1 = prerecord.
    const [prerecord, postrecord] = await Promise.all([read(1), read(2)]);
    return { prerecord, postrecord };
  }

  begin(start: RecordingStart): { id: string } {
    const account = accountKey(this.deps.session.state());
    if (!account) throw new AppError('UNAUTHENTICATED', 'Sign in to record.');
    if (this.live) throw new AppError('CONFLICT', 'A recording is already running.');
    mkdirSync(this.deps.folder, { recursive: true });
    this.requireSpace();
    const id = randomUUID();
    const extension = start.mimeType.startsWith('video/mp4') ? 'mp4' : 'webm';
    const files = RecordingFiles.create(this.deps.folder, {
      t: 'start',
      id,
      title: start.title,
      ...(start.tagsetId !== undefined ? { tagsetId: start.tagsetId } : {}),
      mimeType: start.mimeType,
      // The service names the video after the file: the title, less what file systems refuse.
      fileName: `${start.title.replace(/[\\/:*?"<>|\p{Cc}]+/gu, ' ').trim() || 'Recording'}.${extension}`,
      startedAt: (this.deps.now?.() ?? new Date()).toISOString(),
      account,
      prerecord: start.prerecord,
    });
    this.recordings.set(id, files);
    this.live = id;
    this.deps.keepAwake?.start();
    this.changed(files);
    this.liveChanged();
    return { id };
  }

  chunk(id: string, seq: number, ms: number, bytes: Uint8Array): null {
    const files = this.requireLive(id);
    const record = files.record!;
    if (seq !== record.chunks) {
      throw new AppError('INVALID_ARGUMENT', `Chunk ${seq} came when chunk ${record.chunks} was expected.`);
    }
    if (bytes.byteLength > MAX_CHUNK_BYTES)
      throw new AppError('TOO_LARGE', 'That piece of the recording is too large.');
    files.appendChunk(seq, Math.max(ms, record.durationMs), bytes);
    this.liveChanged();
    // Checked after writing: the page stops the recorder on this answer, and what came is kept.
    this.requireSpace();
    return null;
  }

  tag(id: string, tag: LiveTag): null {
    this.requireLive(id).append({ t: 'tag', ...tag });
    return null;
  }

  untag(id: string): null {
    const files = this.requireLive(id);
    if (files.record!.tags.length > 0) files.append({ t: 'untag' });
    return null;
  }

  end(id: string, ms: number): RecordingSummary {
    const files = this.require(id);
    if (files.record!.step === 'recording' || files.record!.step === 'interrupted') {
      files.append({
        t: 'stop',
        ms: this.live === id ? Math.max(ms, files.record!.durationMs) : files.record!.durationMs,
      });
    }
    if (this.live === id) {
      this.live = undefined;
      this.deps.keepAwake?.stop();
      this.liveChanged();
    }
    files.closeMedia();
    return this.changed(files);
  }

  finish(id: string, postrecord: MetadataAnswer[]): RecordingSummary {
    const files = this.require(id);
    if (files.record!.step !== 'stopped') throw new AppError('CONFLICT', 'This recording has already been sent.');
    files.append({ t: 'post', postrecord });
    const summary = this.changed(files);
    void this.advanceOne(files);
    return summary;
  }

  list(): RecordingSummary[] {
    return [...this.recordings.values()]
      .map((files) => files.record!)
      .filter((record) => record.step !== 'discarded' && record.step !== 'done' && record.id !== this.live)
      .map((record) => summaryOf(this.interruptedOr(record)))
      .sort((a, b) => b.startedAt.localeCompare(a.startedAt));
  }

  retry(id: string): RecordingSummary {
    const files = this.require(id);
    void this.advanceOne(files);
    return summaryOf(files.record!);
  }

  discard(id: string): null {
    const files = this.require(id);
    if (this.live === id) throw new AppError('CONFLICT', 'Stop the recording first.');
    files.append({ t: 'discarded' });
    this.changed(files);
    files.remove();
    this.recordings.delete(id);
    return null;
  }

  /** A recording still "recording" that this run is not writing was cut off: interrupted. */
  private interruptedOr(record: RecordingRecord): RecordingRecord {
    return record.step === 'recording' && record.id !== this.live ? { ...record, step: 'interrupted' } : record;
  }

  private advanceAll(): void {
    for (const files of this.recordings.values()) void this.advanceOne(files);
  }

  private async advanceOne(files: RecordingFiles): Promise<void> {
    const record = files.record!;
    if (!['queued', 'uploaded', 'tagging'].includes(record.step)) return;
    if (record.account !== accountKey(this.deps.session.state())) return; // waits for its own person
    if (this.advancing.has(record.id)) return;
    this.advancing.add(record.id);
    const before = JSON.stringify(record);
    try {
      await advance(files, {
        uploads: this.deps.uploads,
        findVideo: this.findVideo,
        taggedVideos: () => createTaggedVideosApi(this.deps.session.http()),
        userId: () => this.deps.session.state().user?.id,
        remux: async (path) => {
          try {
            return await remuxInPlace(path);
          } catch (error) {
            this.deps.log.warn('A recording could not be rewritten with its duration; it is sent as it is', {
              error: error instanceof Error ? error.message : String(error),
            });
            throw error;
          }
        },
        ready: (done) => {
          // The service holds the video now: the lesson's copy here would only fill the disk. The journal
          // (tags, answers, ids) stays.
          done.removeMedia();
          this.deps.ready?.(summaryOf(done.record!));
        },
      });
    } catch (error) {
      this.deps.log.warn('A recording could not go on to the next step', {
        error: error instanceof Error ? error.message : String(error),
      });
    } finally {
      this.advancing.delete(record.id);
      if (JSON.stringify(files.record) !== before) this.changed(files);
    }
  }

  private liveChanged(): void {
    for (const listener of this.liveListeners) listener();
  }

  private changed(files: RecordingFiles): RecordingSummary {
    const summary = summaryOf(this.interruptedOr(files.record!));
    this.deps.emit(summary);
    return summary;
  }

  private require(id: string): RecordingFiles {
    const files = this.recordings.get(id);
    if (!files) throw new AppError('NOT_FOUND', 'That recording is no longer on this computer.');
    return files;
  }

  private requireLive(id: string): RecordingFiles {
    if (this.live !== id) throw new AppError('CONFLICT', 'That recording is not running.');
    return this.require(id);
  }

  private requireSpace(): void {
    const free = (this.deps.freeBytes ?? diskFree)(this.deps.folder);
    if (free < (this.deps.minFreeBytes?.() ?? MIN_FREE_BYTES)) {
      throw new AppError(
        'FILE_PROBLEM',
        'The disk is nearly full, so the recording stopped. What was recorded is kept.',
        {
          reason: 'disk-full',
        },
      );
    }
  }
}
