import { createHash, randomUUID } from 'node:crypto';
import { resolve } from 'node:path';
import { z } from 'zod';
import { uploadTargetKinds, type UploadTarget } from '../../../preload/contract';
import { AppError } from '../app-error';
import type { ManagedConfig } from '../policy';
import { parseWatchedFolderEntry } from '../policy/watched-folder-entry';
import { JsonFile } from '../settings/json-file';
import { defaultVideoExtensions } from './file-types';
import type { WatchedFolderConfig } from './types';

/**
 * The folders to watch: the person's own (`<dataFolder>/watched-folders.json`, for every account on
 * this computer, like the upload settings) and IT's (`WatchedFolders` policy), which come first and
 * cannot be removed. A policy folder for "My files" gets the signed-in person's id when there is one.
 */
export const WATCHED_FOLDERS_FILE_NAME = 'watched-folders.json';

/** More would be a mistake (every folder of a disk), and each costs a watcher. */
const maxOwnFolders = 20;

const storedFolder = z.object({
  id: z.string().min(1).max(100),
  path: z.string().min(1).max(4096),
  target: z.object({ kind: z.enum(uploadTargetKinds), id: z.number().int().positive() }),
  extensions: z.array(z.string().regex(/^[a-z0-9]{1,16}$/)),
});
/** Lenient: a damaged entry is dropped, the others kept. */
const storedSchema = z.object({
  folders: z.array(z.unknown()).transform((items) =>
    items.flatMap((item) => {
      const parsed = storedFolder.safeParse(item);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});

export class WatchedFolderList {
  private readonly file: JsonFile<typeof storedSchema>;
  private own: WatchedFolderConfig[];

  constructor(private readonly options: { dataFolder: string; managed?: ManagedConfig }) {
    this.file = new JsonFile(resolve(options.dataFolder, WATCHED_FOLDERS_FILE_NAME), storedSchema, { folders: [] });
    this.own = this.file.read().folders.map((folder) => ({ ...folder, target: folder.target as UploadTarget }));
  }

  /** Every folder to watch for this person (`userId`: the signed-in person, for IT's "My files" folders). */
  all(userId: number | undefined): WatchedFolderConfig[] {
    return [...this.managed(userId), ...this.own];
  }

  add(path: string, target: UploadTarget, userId: number | undefined): WatchedFolderConfig {
    const wanted = resolve(path);
    if (this.all(userId).some((folder) => resolve(folder.path) === wanted)) {
      throw new AppError('CONFLICT', 'This folder is watched already.');
    }
    if (this.own.length >= maxOwnFolders) {
      throw new AppError('INVALID_ARGUMENT', `At most ${maxOwnFolders} folders can be watched.`);
    }
    const folder: WatchedFolderConfig = {
      id: randomUUID(),
      path: wanted,
      target,
      extensions: [...defaultVideoExtensions],
    };
    this.own = [...this.own, folder];
    this.save();
    return folder;
  }

  remove(id: string): void {
    if (this.managed(undefined).some((folder) => folder.id === id)) {
      throw new AppError('FORBIDDEN', 'Your organisation set this folder; it cannot be removed here.');
    }
    if (!this.own.some((folder) => folder.id === id)) throw new AppError('NOT_FOUND', 'That folder is not watched.');
    this.own = this.own.filter((folder) => folder.id !== id);
    this.save();
  }

  private managed(userId: number | undefined): WatchedFolderConfig[] {
    const entries = this.options.managed?.get('watchedFolders') ?? [];
    return entries.flatMap((text) => {
      const entry = parseWatchedFolderEntry(text);
      if (!entry) return [];
      const target: UploadTarget | undefined =
        entry.target.kind === 'generic'
          ? userId === undefined
            ? undefined
            : { kind: 'generic', id: userId }
          : { kind: entry.target.kind, id: entry.target.id };
      // "My files" of nobody: shown once someone signs in.
      if (!target) return [];
      return [
        {
          // Stable across restarts, so the record names the same folder.
          id: `policy-${createHash('sha256').update(text).digest('hex').slice(0, 16)}`,
          path: entry.path,
          target,
          extensions: entry.extensions ?? [...defaultVideoExtensions],
          managed: true,
        },
      ];
    });
  }

  private save(): void {
    this.file.write({
      folders: this.own.map(({ id, path, target, extensions }) => ({ id, path, target, extensions: [...extensions] })),
    });
  }
}
