import type { Result } from './result';
import type { UploadTarget } from './uploads';

/**
 * Watched folders (issue 32): folders whose new recordings the app uploads by itself. The page names
 * a folder only by its id; a new one is chosen in main's own folder dialog, so no page can make the
 * app watch a path the person did not choose.
 */
export interface WatchedFolderView {
  id: string;
  /** The folder as the person chose it (shown so they recognise it). */
  path: string;
  /** Its last part, for short messages ("3 new recordings queued from Lessons"). */
  name: string;
  /** Where its files go; for a folder set by IT for "My files", the signed-in person's file area. */
  target: UploadTarget;
  /** Lower case, no dot. */
  extensions: string[];
  /** Set by IT (policy `WatchedFolders`): shown, not removable. */
  managed: boolean;
  /** `signed-out`: nothing is watched until someone signs in; `missing`: the folder is not there (an unplugged drive). */
  state: 'starting' | 'watching' | 'missing' | 'signed-out';
  /** Files seen that wait until they stop changing. */
  waiting: number;
}

/** "Import 7 new videos from CANON_SD to My files?": a camera card's new videos, offered once per appearance. */
export interface CardOfferView {
  id: string;
  /** The card's label. */
  card: string;
  /** Videos on it that were not sent before. */
  count: number;
  target: UploadTarget;
}

export interface WatchedFoldersInvoke {
  'watched-folders:list': () => Promise<Result<WatchedFolderView[]>>;
  /** Opens main's folder dialog and watches the chosen folder; null when the dialog was cancelled. */
  'watched-folders:add': (input: { target: UploadTarget }) => Promise<Result<WatchedFolderView[] | null>>;
  /** Stops watching (what was sent stays sent; the record keeps it). */
  'watched-folders:remove': (id: string) => Promise<Result<WatchedFolderView[]>>;
  /** Upload batches that came from a watched folder or a camera card: batch id → its name. */
  'watched-folders:origins': () => Promise<Result<Record<string, string>>>;
  /** Camera cards with new videos waiting for an answer. */
  'watched-folders:card-offers': () => Promise<Result<CardOfferView[]>>;
  /** Yes (the new videos are queued) or no; `remember`: the same answer, without asking, next time this card appears. */
  'watched-folders:answer-card': (input: { id: string; accept: boolean; remember: boolean }) => Promise<Result<null>>;
}

export interface WatchedFoldersEvents {
  /** The camera cards waiting for an answer changed (a card appeared, was answered, or was removed). */
  'watched-folders:offers-changed': CardOfferView[];
}

export const watchedFoldersEventChannels = { 'watched-folders:offers-changed': true } as const satisfies Record<
  keyof WatchedFoldersEvents,
  true
>;

export const watchedFoldersInvokeChannels = {
  'watched-folders:list': true,
  'watched-folders:add': true,
  'watched-folders:remove': true,
  'watched-folders:origins': true,
  'watched-folders:card-offers': true,
  'watched-folders:answer-card': true,
} as const satisfies Record<keyof WatchedFoldersInvoke, true>;
