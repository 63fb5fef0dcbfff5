import { basename } from 'node:path';
import type { CardOfferView, UploadTarget, WatchedFolderView } from '../../../preload/contract';
import { CameraCards } from './camera-cards';
import { CardChoices } from './card-choices';
import type { VolumeLister } from './volumes';
import type { Logger } from '../log';
import type { ManagedConfig } from '../policy';
import type { AdmittedPaths, UploadQueue } from '../uploads';
import { WatchedFolderList } from './folder-list';
import { queueAdmission } from './queue-admission';
import type { WatchQueuedEvent, WatchTuning } from './types';
import { WatchedFolders } from './watched-folders';

/** The signed-in account's queue, as the uploads feature hands it over when it starts one. */
export interface AccountQueue {
  queue: UploadQueue;
  admitted: AdmittedPaths;
  /** The account's own data folder: the record of what was sent belongs to the account. */
  dataFolder: string;
  userId: number | undefined;
}

export interface WatchedFoldersFeatureDeps {
  dataFolder: string;
  log: Logger;
  /** Main's folder dialog; undefined when cancelled. */
  chooseFolder: () => Promise<string | undefined>;
  managed?: ManagedConfig;
  tuning?: Partial<WatchTuning>;
  /** Files went to the queue from one folder (the tray says so). */
  onQueued?: (event: WatchQueuedEvent) => void;
  /** Mounted volumes (volumes.ts, per OS); absent: camera cards are not looked for. */
  volumes?: VolumeLister;
  /** Between looks for new volumes. */
  volumePollMs?: number;
  /** The camera cards waiting for an answer changed. */
  onOffersChanged?: (offers: CardOfferView[]) => void;
}

/**
 * Watched folders in the running app: the list (settings and policy) for the Settings page, and a
 * watcher that runs while someone is signed in, feeding that account's queue. Signed out, nothing is
 * watched; the next sign-in's scan finds what arrived meanwhile.
 */
export class WatchedFoldersService {
  private readonly folders: WatchedFolderList;
  private account: AccountQueue | undefined;
  private watcher: WatchedFolders | undefined;
  private cards: CameraCards | undefined;
  private readonly choices: CardChoices;

  constructor(private readonly deps: WatchedFoldersFeatureDeps) {
    this.folders = new WatchedFolderList({
      dataFolder: deps.dataFolder,
      ...(deps.managed ? { managed: deps.managed } : {}),
    });
    this.choices = new CardChoices(deps.dataFolder);
  }

  /** An account's queue started: watch its folders into it. */
  async attach(account: AccountQueue): Promise<void> {
    await this.detach();
    this.account = account;
    const watcher = new WatchedFolders({
      dataFolder: account.dataFolder,
      folders: () => this.folders.all(account.userId),
      admission: queueAdmission(account.queue, account.admitted),
      log: this.deps.log,
      ...(this.deps.tuning ? { tuning: this.deps.tuning } : {}),
      ...(this.deps.onQueued ? { onQueued: this.deps.onQueued } : {}),
    });
    this.watcher = watcher;
    await watcher.start();
    if (this.deps.volumes) {
      const userId = account.userId;
      this.cards = new CameraCards({
        listVolumes: this.deps.volumes,
        pollMs: this.deps.volumePollMs ?? 5_000,
        watched: watcher,
        // Card videos go to the person's own file area, where their recordings are.
        target: () => (userId === undefined ? undefined : { kind: 'generic', id: userId }),
        choices: this.choices,
        log: this.deps.log,
        onOffer: () => this.deps.onOffersChanged?.(this.cardOffers()),
      });
      await this.cards.start();
    }
  }

  /** Upload batches that came from a watched folder or card, with its name (for Transfers). */
  origins(): Record<string, string> {
    return this.watcher?.origins() ?? {};
  }

  cardOffers(): CardOfferView[] {
    return this.cards?.offers() ?? [];
  }

  async answerCard(id: string, accept: boolean, remember: boolean): Promise<null> {
    if (!this.cards) return null;
    if (accept) await this.cards.accept(id, remember);
    else this.cards.decline(id, remember);
    return null;
  }

  /** The account's queue is stopping (sign-out, quit): the watch stops first. */
  async detach(): Promise<void> {
    const watcher = this.watcher;
    this.watcher = undefined;
    this.cards?.stop();
    this.cards = undefined;
    this.account = undefined;
    await watcher?.stop();
  }

  list(): WatchedFolderView[] {
    const status = new Map((this.watcher?.status() ?? []).map((entry) => [entry.id, entry]));
    return this.folders.all(this.account?.userId).map((folder) => ({
      id: folder.id,
      path: folder.path,
      name: basename(folder.path) || folder.path,
      target: folder.target,
      extensions: [...folder.extensions],
      managed: folder.managed === true,
      state: this.watcher ? (status.get(folder.id)?.state ?? 'starting') : 'signed-out',
      waiting: status.get(folder.id)?.waiting ?? 0,
    }));
  }

  async add(target: UploadTarget): Promise<WatchedFolderView[] | null> {
    const path = await this.deps.chooseFolder();
    if (path === undefined) return null;
    this.folders.add(path, target, this.account?.userId);
    await this.watcher?.reload();
    return this.list();
  }

  async remove(id: string): Promise<WatchedFolderView[]> {
    this.folders.remove(id);
    await this.watcher?.reload();
    return this.list();
  }
}
