import type { UploadItem as UploadItemDto, RecordingProblem } from '../../../preload/contract';
import type { TaggedVideosApi } from '../../api/tagged-videos';
import type { RecordingFiles } from './recording-files';
import { tagsForService } from './replay';

/**
 * From a stopped, answered recording to a tagged video: queued → uploaded(videoId) → tagging →
 * done(taggedVideoId). Every step is journaled before the next begins. Two steps may have happened
 * without being journaled (a kill between doing and writing): handing the file to the queue, and
 * creating the tagged video. For both the pipeline first looks for what it would make (the queue's item
 * of this file; the person's tagged video of this title on the new video), so a resume never makes a
 * second one.
 */
export interface PipelineDeps {
  /** The signed-in person's upload queue (main/services/uploads: `enqueueOwn` answers an existing item). */
  uploads: {
    enqueueOwn(path: string): Promise<UploadItemDto>;
    item(id: string): { state: string; remoteVideoId?: number; problem?: { message: string } } | undefined;
  };
  /**
   * The person's video made of this file since `since` (epoch ms), for a service whose upload answer did
   * not name it (find-video.ts); undefined when it cannot be found.
   */
  findVideo: (fileName: string, since: number) => Promise<number | undefined>;
  taggedVideos: () => TaggedVideosApi;
  /** The signed-in person's id: their own tagged videos are the ones looked for. */
  userId: () => number | undefined;
  /**
   * Rewrites the file with a duration and an index (remux.ts), answering its length in seconds; a file
   * that cannot be rewritten is sent as it is (the service may still make a video of it).
   */
  remux: (path: string) => Promise<number>;
  /** The recording is a tagged video now (a notification opens it on the tagging page). */
  ready: (files: RecordingFiles) => void;
}

const problem = (key: RecordingProblem['key'], message: string): RecordingProblem => ({ key, message });

/**
 * Takes the recording as far as it can go now; answers when it waits (for the upload, for the person)
 * or is done. Errors from the service are kept on the record as a problem, never thrown.
 */
export async function advance(files: RecordingFiles, deps: PipelineDeps): Promise<void> {
  for (;;) {
    const record = files.record!;
    if (record.step === 'queued') {
      if (!record.uploadId && !record.remuxed) {
        files.closeMedia();
        files.append({ t: 'remuxed', seconds: await deps.remux(files.mediaPath).catch(() => 0) });
        continue;
      }
      if (!record.uploadId) {
        const item = await deps.uploads.enqueueOwn(files.mediaPath);
        files.append({ t: 'queued', uploadId: item.id });
        continue;
      }
      const item = deps.uploads.item(record.uploadId);
      if (!item) return;
      if (item.state === 'done') {
        const videoId =
          item.remoteVideoId ??
          (await deps.findVideo(record.fileName, Date.parse(record.startedAt)).catch(() => undefined));
        if (videoId === undefined) {
          setProblem(
            files,
            problem(
              'noVideoId',
              'The service kept the file but did not say which video it made of it. The recording is kept on this computer.',
            ),
          );
          return;
        }
        files.append({ t: 'uploaded', videoId });
        continue;
      }
      if (item.state === 'failed' || item.state === 'cancelled') {
        setProblem(files, problem('uploadFailed', item.problem?.message ?? 'The upload stopped.'));
        return;
      }
      setProblem(files, undefined);
      return;
    }
    if (record.step === 'uploaded') {
      files.append({ t: 'tagging' });
      continue;
    }
    if (record.step === 'tagging') {
      await createTaggedVideo(files, deps);
      return;
    }
    return;
  }
}

async function createTaggedVideo(files: RecordingFiles, deps: PipelineDeps): Promise<void> {
  const record = files.record!;
  const videoId = record.videoId!;
  const api = deps.taggedVideos();
  try {
    const me = deps.userId();
    // A kill after the service created it but before `tagged` was written: it is there, find it.
    const existing = (await api.listTaggedVideos(videoId)).find(
      (tagged) => tagged.title === record.title && (me === undefined || tagged.ownerId === me),
    );
    const tagged =
      existing ??
      (await api.createTaggedVideo(videoId, {
        title: record.title,
        status: 1,
        ...(record.tagsetId !== undefined ? { tagsetId: record.tagsetId } : {}),
        tags: tagsForService(record.tags),
        metadata: [...record.prerecord, ...(record.postrecord ?? [])],
      }));
    files.append({ t: 'tagged', taggedVideoId: tagged.id });
    setProblem(files, undefined);
    deps.ready(files);
  } catch (error) {
    setProblem(files, problem('taggingFailed', error instanceof Error ? error.message : String(error)));
  }
}

function setProblem(files: RecordingFiles, next: RecordingProblem | undefined): void {
  const current = files.record!.problem;
  if (current?.key === next?.key && current?.message === next?.message) return;
  files.append({ t: 'problem', problem: next ?? null });
}
