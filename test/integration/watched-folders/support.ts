import { randomBytes } from 'node:crypto';
import { appendFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { queueAdmission } from '../../../main/services/watched-folders/queue-admission';
import { WatchedFolders } from '../../../main/services/watched-folders/watched-folders';
import type { WatchQueuedEvent, WatchTuning, WatchedFolderConfig } from '../../../main/services/watched-folders/types';
import type { Logger } from '../../../main/services/log';
import { openQueue, quietLog, remoteFiles, settled, type QueueHarness, type UploadWorld } from '../uploads/support';

/** Waits short enough for tests to finish in seconds, long enough that a file written in steps is seen growing. */
export const testTuning: WatchTuning = {
  steadyMs: 1_200,
  checkMs: 200,
  rescanMs: 60 * 60_000,
  presenceMs: 300,
  watchEvents: true,
};

/** A real queue on the world's sandbox and a watcher on real folders, both in one temporary data folder. */
export class WatchWorld {
  readonly root = mkdtempSync(join(tmpdir(), 'watched-'));
  readonly dataFolder = join(this.root, 'data');
  harness: QueueHarness | undefined;
  watched: WatchedFolders | undefined;
  readonly queuedEvents: WatchQueuedEvent[] = [];
  folders: WatchedFolderConfig[] = [];

  constructor(readonly world: UploadWorld) {}

  /** A folder (created) watched for videos, sending to the world's group. */
  folder(name: string, id = name): WatchedFolderConfig {
    const path = join(this.root, name);
    mkdirSync(path, { recursive: true });
    const config: WatchedFolderConfig = {
      id,
      path,
      target: { kind: 'community', id: this.world.communityId },
      extensions: ['mp4', 'mov'],
    };
    this.folders.push(config);
    return config;
  }

  async start(tuning: Partial<WatchTuning> = {}, log: Logger = quietLog): Promise<WatchedFolders> {
    this.harness ??= await openQueue(this.world, this.dataFolder, { settings: { concurrency: 2 } });
    this.watched = new WatchedFolders({
      dataFolder: this.dataFolder,
      folders: () => this.folders,
      admission: queueAdmission(this.harness.queue, this.harness.admitted),
      log,
      tuning: { ...testTuning, ...tuning },
      onQueued: (event) => this.queuedEvents.push(event),
    });
    await this.watched.start();
    return this.watched;
  }

  /** Stops the watcher only (the app closed its watch; the queue's journal stays). */
  async stopWatching(): Promise<void> {
    await this.watched?.stop();
    this.watched = undefined;
  }

  /** Everything that was queued has been sent (or failed). */
  async settled(): Promise<void> {
    if (this.harness) await settled(this.harness.queue, 30_000);
  }

  async remoteNames(): Promise<string[]> {
    return (await remoteFiles(this.world, 'community')).map((file) => file.Name).sort();
  }

  async dispose(): Promise<void> {
    await this.stopWatching();
    await this.harness?.queue.stop();
    rmSync(this.root, { recursive: true, force: true });
  }
}

/** A file of distinct random content. */
export function writeVideo(path: string, bytes = 4096): Buffer {
  const content = randomBytes(bytes);
  writeFileSync(path, content);
  return content;
}

/** Writes `chunks` pieces of random content `everyMs` apart, like a camera recording. */
export async function writeSlowly(
  path: string,
  chunks: number,
  everyMs: number,
  chunkBytes = 64 * 1024,
): Promise<void> {
  writeFileSync(path, randomBytes(chunkBytes));
  for (let i = 1; i < chunks; i += 1) {
    await new Promise((resolve) => setTimeout(resolve, everyMs));
    appendFileSync(path, randomBytes(chunkBytes));
  }
}

export const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
