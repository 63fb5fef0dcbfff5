import type { MetadataField } from './models/organisation-admin';
import type { Result } from './result';

/**
 * Recording a lesson in the app (issue 30): the page records with MediaRecorder and hands each chunk to
 * main, which appends it to a file in the data folder with a journal; after stopping, main sends it to My
 * files through the upload queue and creates a tagged video with the live tags and the answers.
 */

/** One answer to an organisation metadata field (prerecord or postrecord). */
export interface MetadataAnswer {
  metadataId: number;
  value: string;
}

/** The organisation's fields asked before (prerecord) and after (postrecord) a recording. */
export interface RecordingFields {
  prerecord: MetadataField[];
  postrecord: MetadataField[];
}

export interface RecordingStart {
  title: string;
  tagsetId?: number;
  /** The MediaRecorder's type, e.g. `video/webm;codecs=vp9,opus`: decides the file's extension. */
  mimeType: string;
  prerecord: MetadataAnswer[];
}

/** A tag placed live, at whole milliseconds of recording time. */
export interface LiveTag {
  tagId: number;
  ms: number;
  note?: string;
}

/**
 * Where a recording is on its way to a tagged video. Each step is journaled before the next begins, so a
 * quit anywhere resumes at that step.
 */
export const recordingSteps = [
  'recording', // chunks are coming in
  'interrupted', // the app stopped while recording: repaired and offered on the next start
  'stopped', // waiting for the postrecord answers
  'queued', // handed to the upload queue (its item id is journaled)
  'uploaded', // the service answered with the new video's id
  'tagging', // the tagged video is being created (a resume looks for it before creating another)
  'done', // the tagged video exists
  'discarded',
] as const;
export type RecordingStep = (typeof recordingSteps)[number];

/** Why a recording waits for the person; `key` is an `recording.problems.*` message. */
export interface RecordingProblem {
  key: 'noVideoId' | 'uploadFailed' | 'taggingFailed' | 'diskFull' | 'notSignedIn';
  message: string;
}

export interface RecordingSummary {
  id: string;
  title: string;
  step: RecordingStep;
  /** ISO 8601: when recording began. */
  startedAt: string;
  /** Recording time kept on disk so far (the last chunk's end). */
  durationMs: number;
  bytes: number;
  tags: LiveTag[];
  tagsetId?: number;
  videoId?: number;
  taggedVideoId?: number;
  problem?: RecordingProblem;
}

/** A screen or window to record (Electron's desktopCapturer), with a small picture of it. */
export interface ScreenSource {
  /** `screen:…` or `window:…`: the page passes it as `chromeMediaSourceId`. */
  id: string;
  name: string;
  kind: 'screen' | 'window';
  /** A PNG data URL of at most `SCREEN_THUMBNAIL` pixels; empty when the system gave none. */
  thumbnail: string;
}

export interface ScreenSources {
  /** False where main cannot list sources (the e2e harness): the page asks with getDisplayMedia instead. */
  available: boolean;
  sources: ScreenSource[];
}

/** The thumbnails' size: enough to tell windows apart, small enough to send a few dozen at once. */
export const SCREEN_THUMBNAIL = { width: 320, height: 180 } as const;

export interface RecordingInvoke {
  /** The default organisation's prerecord (type 1) and postrecord (type 2) fields, hidden ones left out. */
  'recording:fields': () => Promise<Result<RecordingFields>>;
  /** Opens a new recording's file and journal. */
  'recording:start': (start: RecordingStart) => Promise<Result<{ id: string }>>;
  /** Appends the next chunk (`seq` from 0, in order); `ms` is the recording time at its end. */
  'recording:chunk': (id: string, seq: number, ms: number, bytes: Uint8Array) => Promise<Result<null>>;
  'recording:tag': (id: string, tag: LiveTag) => Promise<Result<null>>;
  /** Takes back the last tag placed. */
  'recording:untag': (id: string) => Promise<Result<null>>;
  'recording:stop': (id: string, ms: number) => Promise<Result<RecordingSummary>>;
  /** The postrecord answers: from here main carries it to a tagged video by itself. */
  'recording:finish': (id: string, postrecord: MetadataAnswer[]) => Promise<Result<RecordingSummary>>;
  /** Recordings not yet done (interrupted ones offered), newest first. */
  'recording:list': () => Promise<Result<RecordingSummary[]>>;
  /** Tries a recording that waits for the person again (a failed upload, no video id). */
  'recording:retry': (id: string) => Promise<Result<RecordingSummary>>;
  'recording:discard': (id: string) => Promise<Result<null>>;
  /** Screens and windows that can be recorded, for the page's own picker. */
  'recording:screen-sources': () => Promise<Result<ScreenSources>>;
  /**
   * The source picked in that list: the page's next `getDisplayMedia` captures it (Electron's display-media
   * handler answers with it, once). Refused (NOT_FOUND) for an id the last list did not hold.
   */
  'recording:choose-screen': (sourceId: string) => Promise<Result<null>>;
}

export interface RecordingEvents {
  'recording:changed': RecordingSummary;
  /** Stop the recorder now (the tray's Stop recording): answered by the usual `recording:stop`. */
  'recording:stop-requested': { id: string };
}

export const recordingInvokeChannels = {
  'recording:fields': true,
  'recording:start': true,
  'recording:chunk': true,
  'recording:tag': true,
  'recording:untag': true,
  'recording:stop': true,
  'recording:finish': true,
  'recording:list': true,
  'recording:retry': true,
  'recording:discard': true,
  'recording:screen-sources': true,
  'recording:choose-screen': true,
} as const satisfies Record<keyof RecordingInvoke, true>;

export const recordingEventChannels = {
  'recording:changed': true,
  'recording:stop-requested': true,
} as const satisfies Record<keyof RecordingEvents, true>;
