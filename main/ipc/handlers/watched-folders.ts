import { z } from 'zod';
import { uploadTargetKinds, type WatchedFoldersInvoke } from '../../../preload/contract';
import type { WatchedFoldersService } from '../../services/watched-folders/feature';
import type { AreaHandlers } from '../handler';

export interface WatchedFoldersServices {
  watchedFolders: WatchedFoldersService;
}

const target = z.strictObject({
  kind: z.enum(uploadTargetKinds),
  id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
});

export function createWatchedFoldersHandlers({
  watchedFolders,
}: WatchedFoldersServices): AreaHandlers<WatchedFoldersInvoke> {
  return {
    'watched-folders:list': { args: z.tuple([]), run: () => watchedFolders.list() },
    // No path from the page: main's own dialog chooses the folder.
    'watched-folders:add': {
      args: z.tuple([z.strictObject({ target })]),
      run: ({ target: where }) => watchedFolders.add(where),
    },
    'watched-folders:remove': {
      args: z.tuple([z.string().min(1).max(100)]),
      run: (id) => watchedFolders.remove(id),
    },
  };
}
