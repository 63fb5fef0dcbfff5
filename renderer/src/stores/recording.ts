import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  LiveTag,
  MetadataAnswer,
  RecordingFields,
  RecordingStart,
  RecordingSummary,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/**
 * Recording a lesson: the organisation's fields, the recording being made (chunks, tags, stop), and the
 * recordings on their way to a tagged video, kept up to date by main's `recording:changed`.
 */
export const useRecordingStore = defineStore('recording', () => {
  const calls = useBridgeCall();
  const fields = ref<RecordingFields | null>(null);
  /** Recordings not yet done, by id (interrupted ones, ones being sent, ones waiting for the person). */
  const recordings = ref<RecordingSummary[]>([]);
  let unsubscribe: (() => void) | undefined;

  onDehydrate(() => {
    fields.value = null;
    recordings.value = [];
    calls.error.value = null;
  });

  function remember(summary: RecordingSummary): void {
    const others = recordings.value.filter((r) => r.id !== summary.id);
    recordings.value = summary.step === 'discarded' ? others : [summary, ...others];
  }

  async function load(): Promise<void> {
    unsubscribe ??= getBridge().on('recording:changed', remember);
    const [readFields, list] = await Promise.all([
      calls.run(() => getBridge().recording.fields()),
      calls.run(() => getBridge().recording.list()),
    ]);
    if (readFields) fields.value = readFields;
    if (list) recordings.value = list;
  }

  const start = (input: RecordingStart) => calls.run(() => getBridge().recording.start(input));
  /** Not through `run`: a refused chunk is the recorder's business (it stops), not the page's error line. */
  const chunk = (id: string, seq: number, ms: number, bytes: Uint8Array) =>
    getBridge().recording.chunk(id, seq, ms, bytes);
  const tag = (id: string, placed: LiveTag) => calls.run(() => getBridge().recording.tag(id, placed));
  const untag = (id: string) => calls.run(() => getBridge().recording.untag(id));
  async function stop(id: string, ms: number): Promise<RecordingSummary | undefined> {
    const summary = await calls.run(() => getBridge().recording.stop(id, ms));
    if (summary) remember(summary);
    return summary;
  }
  async function finish(id: string, answers: MetadataAnswer[]): Promise<RecordingSummary | undefined> {
    const summary = await calls.run(() => getBridge().recording.finish(id, answers));
    if (summary) remember(summary);
    return summary;
  }
  async function retry(id: string): Promise<void> {
    const summary = await calls.run(() => getBridge().recording.retry(id));
    if (summary) remember(summary);
  }
  async function discard(id: string): Promise<void> {
    if ((await calls.run(() => getBridge().recording.discard(id))) !== undefined) {
      recordings.value = recordings.value.filter((r) => r.id !== id);
    }
  }

  /** The tray's Stop recording: main asks the page to stop its recorder. */
  const onStopRequested = (listener: (id: string) => void): (() => void) =>
    getBridge().on('recording:stop-requested', ({ id }) => listener(id));
  /** Screens and windows to record; undefined after an error (said on the page's error line). */
  const screenSources = () => calls.run(() => getBridge().recording.screenSources());
  /** The source picked in the page's picker: the next getDisplayMedia captures it. */
  const chooseScreen = (sourceId: string) => calls.run(() => getBridge().recording.chooseScreen(sourceId));

  return {
    busy: calls.busy,
    error: calls.error,
    fields,
    recordings,
    load,
    start,
    chunk,
    tag,
    untag,
    stop,
    finish,
    retry,
    discard,
    onStopRequested,
    screenSources,
    chooseScreen,
  };
});
