// @vitest-environment happy-dom
import { beforeEach, describe, expect, it } from 'vitest';
import { createPinia, setActivePinia } from 'pinia';
import { usePeopleImportStore } from '../../../../renderer/src/stores/people-import';
import { BRIDGE_GLOBAL, type ImportOutcome, type ImportProgress } from '../../../../preload/contract';

const file = {
  token: '0b6f3c56-5d7e-4c1a-9f5e-2b8d1e4a7c90',
  fileName: 'intake.csv',
  headers: ['Email'],
  sampleRows: [['ada@school.example']],
  rowCount: 1,
  rowLimit: 2_000,
  truncated: false,
  guess: { email: 0 },
};
const outcome: ImportOutcome = {
  invited: ['ada@school.example'],
  failed: [],
  alreadyInOrganisation: [],
  existingUsersAdded: [],
  notSent: [],
  unknown: [],
};
const pending = { organisationId: 2, organisationName: 'Northbridge', outcome, remainingBatches: 1 };

/** A fake bridge (unit tests of the store only; the end-to-end spec uses the real one). */
function installBridge(overrides: Record<string, () => Promise<unknown>> = {}) {
  let progress: ((p: ImportProgress) => void) | undefined;
  const calls: string[] = [];
  const answer =
    (name: string, data: unknown) =>
    async (...args: unknown[]) => {
      calls.push(`${name}${args.length ? ` ${JSON.stringify(args)}` : ''}`);
      if (overrides[name]) return overrides[name]();
      if (name === 'start' || name === 'resume') progress?.({ sentBatches: 1, totalBatches: 1 });
      return { ok: true, data };
    };
  (window as unknown as Record<string, unknown>)[BRIDGE_GLOBAL] = {
    peopleImport: {
      chooseFile: answer('chooseFile', { file }),
      preview: answer('preview', { rows: [], ready: 1, withProblems: 0 }),
      start: answer('start', outcome),
      pending: answer('pending', pending),
      resume: answer('resume', outcome),
      discard: answer('discard', null),
      saveResults: answer('saveResults', { saved: '/home/ada/results.csv' }),
    },
    on: (channel: string, listener: (p: ImportProgress) => void) => {
      if (channel === 'people-import:progress') progress = listener;
      return () => undefined;
    },
  };
  return calls;
}

describe('people import store', () => {
  beforeEach(() => setActivePinia(createPinia()));

  it('holds the chosen file, its preview, the progress main pushes and the results', async () => {
    const calls = installBridge();
    const store = usePeopleImportStore();
    expect(await store.chooseFile()).toBe(true);
    expect(store.file).toEqual(file);
    const request = { token: file.token, organisationId: 2, mapping: { email: 0 } };
    expect(await store.loadPreview(request)).toBe(true);
    expect(store.preview?.ready).toBe(1);
    expect(await store.start(request)).toBe(true);
    expect(store.progress).toEqual({ sentBatches: 1, totalBatches: 1 });
    expect(store.outcome).toEqual(outcome);
    await store.saveResults();
    expect(store.savedTo).toBe('/home/ada/results.csv');
    expect(calls).toEqual([
      'chooseFile',
      `preview ${JSON.stringify([request])}`,
      `start ${JSON.stringify([request])}`,
      'saveResults',
    ]);
  });

  it('a closed dialog keeps the file chosen before', async () => {
    installBridge();
    const store = usePeopleImportStore();
    await store.chooseFile();
    installBridge({ chooseFile: async () => ({ ok: true, data: { cancelled: true } }) });
    expect(await store.chooseFile()).toBe(false);
    expect(store.file).toEqual(file);
  });

  it('a refused run keeps the reason and shows no results', async () => {
    installBridge({ start: async () => ({ ok: false, error: { code: 'FORBIDDEN', message: 'Only administrators' } }) });
    const store = usePeopleImportStore();
    expect(await store.start({ token: file.token, organisationId: 2, mapping: { email: 0 } })).toBe(false);
    expect(store.outcome).toBeNull();
    expect(store.error?.code).toBe('FORBIDDEN');
    expect(store.sending).toBe(false);
  });

  it('offers a pending run until it is resumed or discarded', async () => {
    installBridge();
    const store = usePeopleImportStore();
    await store.checkPending();
    expect(store.pending).toEqual(pending);
    expect(await store.resume()).toBe(true);
    expect(store.pending).toBeNull();
    await store.checkPending();
    expect(await store.discard()).toBe(true);
    expect(store.pending).toBeNull();
  });
});
