import { z } from 'zod';
import type { RecordingInvoke } from '../../../preload/contract';
import type { RecordingService } from '../../services/recording/recording-service';
import type { ScreenChoice } from '../../services/recording/screen-choice';
import { SOURCE_ID, screenSourcesOf, type RawScreenSource } from '../../services/recording/screen-sources';
import type { AreaHandlers } from '../handler';

export interface RecordingServices {
  recording: RecordingService;
  /** Electron's desktopCapturer; absent where there is none (the harness). */
  screenSources?: () => Promise<RawScreenSource[]>;
  /** The source picked in the page's picker, for Electron's display-media handler. */
  screenChoice: ScreenChoice;
}

const recordingId = z.uuid();
const id = z.number().int().positive().max(Number.MAX_SAFE_INTEGER);
/** Recording time in whole milliseconds: not negative, under a day. */
const ms = z.number().int().min(0).max(86_400_000);
const answers = z.array(z.strictObject({ metadataId: id, value: z.string().max(4000) })).max(200);
const start = z.strictObject({
  title: z.string().trim().min(1).max(200),
  tagsetId: id.optional(),
  mimeType: z.string().regex(/^video\/(webm|mp4)(;[\w=.,\s-]*)?$/, 'A video type MediaRecorder makes'),
  prerecord: answers,
});
const tag = z.strictObject({ tagId: id, ms, note: z.string().trim().max(2000).optional() });
/** The bytes of one MediaRecorder chunk (structured clone keeps them a Uint8Array). */
const bytes = z.instanceof(Uint8Array);

/** Recording a lesson (issue 30): every argument checked here before the service sees it. */
export function createRecordingHandlers(services: RecordingServices): AreaHandlers<RecordingInvoke> {
  const { recording, screenSources, screenChoice } = services;
  return {
    'recording:screen-sources': {
      args: z.tuple([]),
      run: async () =>
        screenChoice.offered(
          screenSources ? screenSourcesOf(await screenSources()) : { available: false, sources: [] },
        ),
    },
    'recording:choose-screen': {
      args: z.tuple([z.string().regex(SOURCE_ID, 'A screen or window listed by recording:screen-sources')]),
      run: (sourceId) => screenChoice.choose(sourceId),
    },
    'recording:fields': { args: z.tuple([]), run: () => recording.fields() },
    'recording:start': { args: z.tuple([start]), run: (input) => recording.begin(input) },
    'recording:chunk': {
      args: z.tuple([recordingId, z.number().int().min(0), ms, bytes]),
      run: (recordingIdArg, seq, at, data) => recording.chunk(recordingIdArg, seq, at, data),
    },
    'recording:tag': { args: z.tuple([recordingId, tag]), run: (which, placed) => recording.tag(which, placed) },
    'recording:untag': { args: z.tuple([recordingId]), run: (which) => recording.untag(which) },
    'recording:stop': { args: z.tuple([recordingId, ms]), run: (which, at) => recording.end(which, at) },
    'recording:finish': {
      args: z.tuple([recordingId, answers]),
      run: (which, postrecord) => recording.finish(which, postrecord),
    },
    'recording:list': { args: z.tuple([]), run: () => recording.list() },
    'recording:retry': { args: z.tuple([recordingId]), run: (which) => recording.retry(which) },
    'recording:discard': { args: z.tuple([recordingId]), run: (which) => recording.discard(which) },
  };
}
