import { defineStore } from 'pinia';
import { ref } from 'vue';
import type {
  ImportFile,
  ImportOutcome,
  ImportPreview,
  ImportProgress,
  ImportRequest,
  PendingImport,
} from '../../../preload/contract';
import { getBridge } from '../bridge';
import { useBridgeCall } from './bridge-call';
import { onDehydrate } from './lifecycle';

/**
 * Inviting people from a file: the chosen file (by main's token), its preview, the run's progress as main
 * pushes it, and the results. Main reads the file, sends and saves; this store only holds what to show.
 */
export const usePeopleImportStore = defineStore('people-import', () => {
  const { busy, error, run } = useBridgeCall();
  const file = ref<ImportFile | null>(null);
  const preview = ref<ImportPreview | null>(null);
  const progress = ref<ImportProgress | null>(null);
  const sending = ref(false);
  const outcome = ref<ImportOutcome | null>(null);
  const pending = ref<PendingImport | null>(null);
  const savedTo = ref<string | null>(null);
  let subscribed = false;

  function reset(): void {
    file.value = null;
    preview.value = null;
    progress.value = null;
    outcome.value = null;
    savedTo.value = null;
    error.value = null;
  }
  onDehydrate(() => {
    reset();
    pending.value = null;
  });

  function subscribe(): void {
    if (subscribed) return;
    getBridge().on('people-import:progress', (next) => {
      progress.value = next;
    });
    subscribed = true;
  }

  /** Sends (or resumes) with the progress bar showing; the answer is the results. */
  async function send(call: () => ReturnType<ReturnType<typeof getBridge>['peopleImport']['resume']>) {
    subscribe();
    progress.value = null;
    sending.value = true;
    const answer = await run(call, sending);
    if (answer) {
      outcome.value = answer;
      pending.value = null;
    }
    return answer !== undefined;
  }

  return {
    busy,
    error,
    file,
    preview,
    progress,
    sending,
    outcome,
    pending,
    savedTo,
    reset,
    clearError: () => {
      error.value = null;
    },
    async checkPending(): Promise<void> {
      pending.value = (await run(() => getBridge().peopleImport.pending())) ?? null;
    },
    /** Main's open dialog; false when it was closed or the file could not be read (the reason is in `error`). */
    async chooseFile(): Promise<boolean> {
      const answer = await run(() => getBridge().peopleImport.chooseFile());
      if (!answer || !('file' in answer)) return false;
      reset();
      file.value = answer.file;
      return true;
    },
    async loadPreview(request: ImportRequest): Promise<boolean> {
      const answer = await run(() => getBridge().peopleImport.preview(request));
      if (answer) preview.value = answer;
      return answer !== undefined;
    },
    start: (request: ImportRequest) => send(() => getBridge().peopleImport.start(request)),
    resume: () => send(() => getBridge().peopleImport.resume()),
    async discard(): Promise<boolean> {
      const done = (await run(() => getBridge().peopleImport.discard())) !== undefined;
      if (done) pending.value = null;
      return done;
    },
    async saveResults(): Promise<void> {
      savedTo.value = null;
      const answer = await run(() => getBridge().peopleImport.saveResults());
      if (answer && 'saved' in answer) savedTo.value = answer.saved;
    },
  };
});
