import { stat } from 'node:fs/promises';
import { join } from 'node:path';
import type { Logger } from '../log';
import { BackgroundHasher } from './background-hasher';
import { fullHash, quickKey } from './content-key';
import { FolderWatch } from './folder-watch';
import { isInside } from './paths';
import { sourceName } from './queued-text';
import type { WatchAdmission } from './queue-admission';
import { SentRecord, type RecordDamage, type SentEntry } from './sent-record';
import { Steadiness, type Candidate } from './steadiness';
import {
  defaultWatchTuning,
  type WatchQueuedEvent,
  type WatchTuning,
  type WatchedFolderConfig,
  type WatchedFolderStatus,
} from './types';

export interface WatchedFoldersDeps {
  /** The app's data folder; the record lives in `<dataFolder>/watched-folders/`. */
  dataFolder: string;
  /** The folders to watch now (settings and policy), asked again at `reload()`. */
  folders: () => readonly WatchedFolderConfig[];
  admission: WatchAdmission;
  log: Logger;
  tuning?: Partial<WatchTuning>;
  clock?: { now(): number };
  /** Files were handed to the queue from one folder. */
  onQueued?: (event: WatchQueuedEvent) => void;
  /** A folder went away or came back, or the record was found damaged: the page may want to redraw. */
  onChange?: () => void;
}

/**
 * New recordings go up by themselves (issue 32): every configured folder is watched; a wanted file
 * that has stopped changing is looked up in the record by content, and only one the record does not
 * hold goes to the upload queue, once, whatever its name or folder. Plain Node; the queue is reached
 * through `WatchAdmission` only.
 */
export class WatchedFolders {
  private readonly tuning: WatchTuning;
  private readonly clock: { now(): number };
  private readonly watches = new Map<string, { config: WatchedFolderConfig; watch: FolderWatch }>();
  private readonly steadiness: Steadiness;
  /** Sources that are not watched folders (camera cards), by id, while their files are taken. */
  private readonly otherSources = new Map<string, WatchedFolderConfig>();
  private record: SentRecord | undefined;
  private hasher: BackgroundHasher | undefined;
  private recordDamage: RecordDamage | undefined;
  private held = 0;

  constructor(private readonly deps: WatchedFoldersDeps) {
    this.tuning = { ...defaultWatchTuning, ...deps.tuning };
    this.clock = deps.clock ?? { now: Date.now };
    this.steadiness = new Steadiness({
      steadyMs: this.tuning.steadyMs,
      checkMs: this.tuning.checkMs,
      onSteady: (files) => this.take(files),
      now: () => this.clock.now(),
    });
  }

  /** Opens the record, settles what a crash left half done, and starts watching. Call after the queue has started. */
  async start(): Promise<void> {
    if (this.record) return;
    const { record, damage } = SentRecord.open(join(this.deps.dataFolder, 'watched-folders'), () => this.clock.now());
    this.record = record;
    this.hasher = new BackgroundHasher(record);
    if (damage) {
      this.recordDamage = damage;
      this.deps.log.warn('The record of files taken from watched folders was damaged; the readable part was kept', {
        badLines: damage.badLines,
        copied: damage.copiedTo !== undefined,
      });
    }
    this.settlePending(record);
    this.hasher.add(record.withoutFullHash());
    await this.reload();
  }

  /** The folders changed (settings or policy): folders no longer listed stop, new ones start. */
  async reload(): Promise<void> {
    const wanted = new Map(this.deps.folders().map((config) => [identity(config), config]));
    for (const [key, { watch }] of this.watches) {
      if (wanted.has(key)) continue;
      this.watches.delete(key);
      this.steadiness.forget((path) => watch.holds(path));
      await watch.stop();
    }
    for (const [key, config] of wanted) {
      if (this.watches.has(key)) continue;
      const watch = new FolderWatch({
        path: config.path,
        extensions: config.extensions,
        rescanMs: this.tuning.rescanMs,
        presenceMs: this.tuning.presenceMs,
        events: this.tuning.watchEvents,
        log: this.deps.log,
        found: (path) => void this.consider(path, config),
        gone: (path) => this.steadiness.forget((waiting) => isInside(path, waiting)),
        stateChanged: (state) => {
          this.deps.log.info(
            state === 'missing' ? 'A watched folder is not there; its watch pauses' : 'Watching a folder',
            {
              folder: config.id,
            },
          );
          this.deps.onChange?.();
        },
      });
      this.watches.set(key, { config, watch });
      await watch.start();
    }
  }

  /** Scans every folder now (the periodic safety net, on demand). */
  async rescan(): Promise<void> {
    await Promise.all([...this.watches.values()].map(({ watch }) => watch.scan()));
  }

  /** Of these complete files (a camera card's), the ones the record does not hold, by content. */
  async unknownFiles(paths: readonly string[]): Promise<string[]> {
    const record = this.record;
    if (!record) return [];
    const unknown: string[] = [];
    for (const path of paths) {
      const info = await stat(path).catch(() => undefined);
      if (!info?.isFile() || info.size === 0) continue;
      const entry = record.samePathEntry(path, info.size, info.mtimeMs);
      if (entry && entry.outcome !== 'pending') continue;
      const key = await quickKey(path).catch(() => undefined);
      if (key !== undefined && !(await this.knownEntry(record, key, path))) unknown.push(path);
    }
    return unknown;
  }

  /** Takes complete files from a source that is not watched (a camera card the person said yes to). */
  async importFiles(source: WatchedFolderConfig, paths: readonly string[]): Promise<void> {
    this.otherSources.set(source.id, source);
    try {
      const files: Candidate[] = [];
      for (const path of paths) {
        const info = await stat(path).catch(() => undefined);
        if (info?.isFile()) files.push({ path, folder: source.id, size: info.size, mtimeMs: info.mtimeMs });
      }
      await this.take(files);
    } finally {
      this.otherSources.delete(source.id);
    }
  }

  /** Queue batch → where its files came from (a folder's last part, or a card's label). */
  origins(): Record<string, string> {
    const names = new Map<string, string>();
    for (const config of this.deps.folders()) names.set(config.id, sourceName(config));
    const found: Record<string, string> = {};
    for (const [batch, folder] of this.record?.batches() ?? []) {
      const name = names.get(folder) ?? (folder.startsWith('card:') ? folder.slice('card:'.length) : undefined);
      if (name !== undefined) found[batch] = name;
    }
    return found;
  }

  status(): WatchedFolderStatus[] {
    return [...this.watches.values()].map(({ config, watch }) => ({
      id: config.id,
      path: config.path,
      state: watch.state,
      waiting: this.countWaiting(watch),
    }));
  }

  /** Set when the record was damaged at start: how many older unknown files were held back rather than sent. */
  get damage(): (RecordDamage & { held: number }) | undefined {
    return this.recordDamage ? { ...this.recordDamage, held: this.held } : undefined;
  }

  async stop(): Promise<void> {
    this.steadiness.dispose();
    this.hasher?.stop();
    await Promise.all([...this.watches.values()].map(({ watch }) => watch.stop()));
    this.watches.clear();
    this.record?.close();
    this.record = undefined;
  }

  private countWaiting(watch: FolderWatch): number {
    return this.steadiness.count === 0 ? 0 : this.steadiness.waitingWhere((path) => watch.holds(path));
  }

  /** A file was seen: one the record holds under this very path, size and time is known without reading it. */
  private async consider(path: string, config: WatchedFolderConfig): Promise<void> {
    if (this.steadiness.has(path)) {
      this.steadiness.add(path, config.id);
      return;
    }
    const info = await stat(path).catch(() => undefined);
    if (!info?.isFile() || !this.record) return;
    const entry = this.record.samePathEntry(path, info.size, info.mtimeMs);
    if (entry && entry.outcome !== 'pending') return;
    this.steadiness.add(path, config.id);
  }

  /** Files that stopped changing: known ones are noted under their new name, new ones queued per folder. */
  private async take(files: Candidate[]): Promise<void> {
    const record = this.record;
    if (!record) return;
    const fresh = new Map<string, { config: WatchedFolderConfig; entries: SentEntry[] }>();
    for (const file of files) {
      const config = this.configOf(file.folder);
      if (!config) continue;
      const key = await quickKey(file.path).catch(() => undefined);
      // Gone or changed since it was found steady: it is seen again if it comes back.
      if (key === undefined || !key.startsWith(`${file.size}:`)) continue;
      const fields = {
        key,
        folder: config.id,
        path: file.path,
        size: file.size,
        mtimeMs: file.mtimeMs,
        at: this.clock.now(),
      };
      const known = await this.knownEntry(record, key, file.path);
      if (known) {
        // Renamed, moved, or copied back: noted under this path too, so it is not read again.
        record.add({ ...fields, outcome: known.outcome, ...(known.full ? { full: known.full } : {}) });
        continue;
      }
      if (this.recordDamage && file.mtimeMs <= this.recordDamage.writtenBefore) {
        record.add({ ...fields, outcome: 'held' });
        this.held += 1;
        continue;
      }
      const group = fresh.get(config.id) ?? { config, entries: [] };
      group.entries.push(record.add({ ...fields, outcome: 'pending' }));
      fresh.set(config.id, group);
    }
    for (const { config, entries } of fresh.values()) await this.queue(record, config, entries);
    if (this.held > 0) this.deps.onChange?.();
  }

  /** Hands one folder's new files to the queue; each is recorded `pending` (synced) first, so a crash cannot send it twice. */
  private async queue(record: SentRecord, config: WatchedFolderConfig, entries: SentEntry[]): Promise<void> {
    record.sync();
    let outcome;
    try {
      outcome = await this.deps.admission.admit(
        config.path,
        config.target,
        entries.map((entry) => entry.path),
      );
    } catch (error) {
      // Not queued (the queue is closed): forgotten, so the next scan offers them again.
      this.deps.log.warn('Files from a watched folder could not be queued', { error: String(error) });
      for (const entry of entries) record.forget(entry);
      return;
    }
    const refused = new Map(outcome.refused.map(({ path, reason }) => [path, reason]));
    const queued: SentEntry[] = [];
    for (const entry of entries) {
      if (refused.has(entry.path)) {
        this.deps.log.info('A file from a watched folder was not queued', { reason: refused.get(entry.path) });
        record.update(entry, { outcome: 'refused' });
      } else queued.push(record.update(entry, { outcome: 'queued', batch: outcome.batchId }));
    }
    if (queued.length > 0) {
      this.deps.log.info('New files from a watched folder queued', { folder: config.id, files: queued.length });
      this.deps.onQueued?.({ folder: config, count: queued.length });
      this.hasher?.add(queued);
    }
  }

  /**
   * The record's entry for this content, if any. Quick keys agree: when the earlier file's full hash
   * is known, this file's is read to be sure; until then the quick key is trusted.
   */
  private async knownEntry(record: SentRecord, key: string, path: string): Promise<SentEntry | undefined> {
    const entries = record.withKey(key).filter((entry) => entry.outcome !== 'pending');
    if (entries.length === 0) return undefined;
    const unconfirmed = entries.find((entry) => entry.full === undefined);
    if (unconfirmed) return unconfirmed;
    const full = await fullHash(path).catch(() => undefined);
    return entries.find((entry) => entry.full === full);
  }

  /** Entries a crash left `pending`: queued if the queue has them, else forgotten so the scan takes the file again. */
  private settlePending(record: SentRecord): void {
    for (const entry of record.pending()) {
      const config = this.configOf(entry.folder);
      if (config && this.deps.admission.holds(entry.path, entry.size, config.target, entry.at)) {
        record.update(entry, { outcome: 'queued' });
      } else record.forget(entry);
    }
  }

  private configOf(id: string): WatchedFolderConfig | undefined {
    const other = this.otherSources.get(id);
    if (other) return other;
    for (const { config } of this.watches.values()) if (config.id === id) return config;
    return this.deps.folders().find((config) => config.id === id);
  }
}

/** A folder is the same watch while its id, path, target and types are the same. */
function identity(config: WatchedFolderConfig): string {
  return JSON.stringify([config.id, config.path, config.target.kind, config.target.id, [...config.extensions].sort()]);
}
