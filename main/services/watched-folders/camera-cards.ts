import { randomUUID } from 'node:crypto';
import type { UploadTarget } from '../../../preload/contract';
import type { Logger } from '../log';
import { expandPaths } from '../uploads/folder-expansion';
import { cameraFoldersOn } from './camera-layout';
import type { CardChoices } from './card-choices';
import { defaultVideoExtensions, isWanted } from './file-types';
import type { VolumeLister } from './volumes';
import type { WatchedFolders } from './watched-folders';

/** "Import 7 new videos from CANON_SD to My recordings?": asked once each time the card appears. */
export interface CardOffer {
  id: string;
  /** The card's label. */
  card: string;
  /** New videos on it: ones the record does not hold, by content. */
  count: number;
  target: UploadTarget;
}

export interface CameraCardsDeps {
  listVolumes: VolumeLister;
  /** Between looks at the mount folders (a few seconds: one directory listing each). */
  pollMs: number;
  watched: WatchedFolders;
  /** Where card videos go (the signed-in person's own file area); undefined: nobody to send them for. */
  target: () => UploadTarget | undefined;
  choices: CardChoices;
  log: Logger;
  /** A new offer to show, or (null) the offer for this id is over (taken, declined, or the card removed). */
  onOffer: (offer: CardOffer | null, id: string) => void;
}

interface PresentCard {
  volume: string;
  name: string;
  offer?: { offer: CardOffer; files: string[] };
}

/**
 * Camera cards: when a volume with a camera layout appears, its videos the record does not hold are
 * offered once for import (or imported at once, or ignored, when the person said so for this card).
 * Plain Node; the operating system's part is the injected `listVolumes`.
 */
export class CameraCards {
  private readonly present = new Map<string, PresentCard>();
  private timer: NodeJS.Timeout | undefined;
  private looking: Promise<void> | undefined;

  constructor(private readonly deps: CameraCardsDeps) {}

  async start(): Promise<void> {
    this.timer = setInterval(() => void this.look(), this.deps.pollMs);
    await this.look();
  }

  stop(): void {
    clearInterval(this.timer);
    this.timer = undefined;
    for (const card of this.present.values()) if (card.offer) this.deps.onOffer(null, card.offer.offer.id);
    this.present.clear();
  }

  offers(): CardOffer[] {
    return [...this.present.values()].flatMap((card) => (card.offer ? [card.offer.offer] : []));
  }

  /** Yes: the new videos go to the queue; `remember`: the next time this card appears they go without asking. */
  async accept(id: string, remember: boolean): Promise<number> {
    const card = this.withOffer(id);
    if (!card?.offer) return 0;
    const { offer, files } = card.offer;
    card.offer = undefined;
    this.deps.onOffer(null, id);
    if (remember) this.deps.choices.set(card.name, 'always');
    await this.import(card, offer.target, files);
    return files.length;
  }

  /** No: nothing is sent; `remember`: this card is not offered again. */
  decline(id: string, remember: boolean): void {
    const card = this.withOffer(id);
    if (!card) return;
    card.offer = undefined;
    this.deps.onOffer(null, id);
    if (remember) this.deps.choices.set(card.name, 'never');
  }

  /** One look at the mount folders (also on a timer). */
  look(): Promise<void> {
    this.looking ??= this.lookNow().finally(() => {
      this.looking = undefined;
    });
    return this.looking;
  }

  private async lookNow(): Promise<void> {
    const volumes = await this.deps.listVolumes().catch(() => []);
    const now = new Set(volumes.map((volume) => volume.path));
    for (const [path, card] of this.present) {
      if (now.has(path)) continue;
      this.present.delete(path);
      if (card.offer) this.deps.onOffer(null, card.offer.offer.id);
    }
    for (const volume of volumes) {
      if (this.present.has(volume.path)) continue;
      const card: PresentCard = { volume: volume.path, name: volume.name };
      this.present.set(volume.path, card);
      await this.examine(card).catch((error: unknown) =>
        this.deps.log.warn('A card could not be read', { error: String(error) }),
      );
    }
  }

  private async examine(card: PresentCard): Promise<void> {
    const folders = await cameraFoldersOn(card.volume);
    const target = this.deps.target();
    if (folders.length === 0 || !target) return;
    const choice = this.deps.choices.get(card.name);
    if (choice === 'never') return;
    const { files } = await expandPaths(folders, { maxFiles: 20_000 });
    const videos = files.map((file) => file.path).filter((path) => isWanted(path, defaultVideoExtensions));
    const fresh = await this.deps.watched.unknownFiles(videos);
    if (fresh.length === 0) return;
    if (choice === 'always') {
      await this.import(card, target, fresh);
      return;
    }
    const offer: CardOffer = { id: randomUUID(), card: card.name, count: fresh.length, target };
    card.offer = { offer, files: fresh };
    this.deps.log.info('A camera card with new videos was found', { videos: fresh.length });
    this.deps.onOffer(offer, offer.id);
  }

  private async import(card: PresentCard, target: UploadTarget, files: string[]): Promise<void> {
    await this.deps.watched.importFiles(
      { id: `card:${card.name}`, path: card.volume, target, extensions: defaultVideoExtensions },
      files,
    );
  }

  private withOffer(id: string): PresentCard | undefined {
    for (const card of this.present.values()) if (card.offer?.offer.id === id) return card;
    return undefined;
  }
}
